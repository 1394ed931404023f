import PixelKit

/// The `RowSink` behind file encoding: rows go straight into the basis sums (full resolution) or are
/// first area-averaged in linear light onto a grid no larger than the working size.
struct WorkingImageSink: RowSink {
    let encoder: BlurHashEncoder
    /// The longest side of the grid; `nil` for no reduction.
    let workingSize: Int?
    private(set) var decodedSize = PixelSize(width: 0, height: 0)
    private(set) var gridSize = PixelSize(width: 0, height: 0)
    /// Full resolution: the rows go through unchanged.
    private var direct: BlurHashAccumulator?
    /// Reduced: the basis sums of the grid.
    private var sums: BasisSums?
    /// Grid column of each decoded x, and grid row of each decoded y.
    private var columnOfPixel: [Int32] = []
    private var rowOfPixel: [Int32] = []
    /// Linear-light sums of the grid row being filled, per grid column and channel, and their pixel counts.
    private var red: [Double] = []
    private var green: [Double] = []
    private var blue: [Double] = []
    private var counts: [Int] = []
    /// The cell means of one grid row, handed to the basis sums.
    private var meanRed: [SIMD4<Float>] = []
    private var meanGreen: [SIMD4<Float>] = []
    private var meanBlue: [SIMD4<Float>] = []
    private var currentGridRow = 0
    private var rowsConsumed = 0

    init(encoder: BlurHashEncoder, workingSize: Int?) {
        self.encoder = encoder
        self.workingSize = workingSize
    }

    mutating func begin(size: PixelSize) {
        decodedSize = size
        guard size.width > 0, size.height > 0 else { return }
        let longest = max(size.width, size.height)
        if let workingSize, longest > workingSize {
            // Keep the aspect ratio; each side at least 1.
            func scaled(_ side: Int) -> Int { max(1, (side * workingSize + longest / 2) / longest) }
            gridSize = PixelSize(width: scaled(size.width), height: scaled(size.height))
        } else {
            gridSize = size
            direct = BlurHashAccumulator(encoder: encoder)
            direct?.begin(size: size)
            return
        }
        columnOfPixel = (0..<size.width).map { Int32($0 * gridSize.width / size.width) }
        rowOfPixel = (0..<size.height).map { Int32($0 * gridSize.height / size.height) }
        red = [Double](repeating: 0, count: gridSize.width)
        green = red
        blue = red
        counts = [Int](repeating: 0, count: gridSize.width)
        meanRed = [SIMD4<Float>](repeating: .zero, count: gridSize.width)
        meanGreen = meanRed
        meanBlue = meanRed
        currentGridRow = 0
        rowsConsumed = 0
        sums = BasisSums(componentsX: encoder.componentsX, componentsY: encoder.componentsY, width: gridSize.width, height: gridSize.height)
    }

    mutating func consume(_ row: PixelRow) {
        if direct != nil {
            direct?.consume(row)
            return
        }
        guard sums != nil, rowsConsumed < decodedSize.height, row.width >= decodedSize.width else { return }
        let gridRow = Int(rowOfPixel[rowsConsumed])
        if gridRow != currentGridRow {
            flush()
            currentGridRow = gridRow
        }
        let pixels = row.pixels
        ReferenceArithmetic.linearTable.withUnsafeBufferPointer { table in
            columnOfPixel.withUnsafeBufferPointer { columnOf in
                for x in 0..<decodedSize.width {
                    let column = Int(columnOf[x])
                    red[column] += Double(table[Int(pixels[x * 4])])
                    green[column] += Double(table[Int(pixels[x * 4 + 1])])
                    blue[column] += Double(table[Int(pixels[x * 4 + 2])])
                    counts[column] += 1
                }
            }
        }
        rowsConsumed += 1
        if rowsConsumed == decodedSize.height { flush() }
    }

    /// Hands the filled grid row to the basis sums as cell means and clears it.
    private mutating func flush() {
        guard counts.contains(where: { $0 > 0 }) else { return }
        for column in 0..<gridSize.width where counts[column] > 0 {
            let count = Double(counts[column])
            meanRed[column] = SIMD4(repeating: Float(red[column] / count))
            meanGreen[column] = SIMD4(repeating: Float(green[column] / count))
            meanBlue[column] = SIMD4(repeating: Float(blue[column] / count))
            red[column] = 0
            green[column] = 0
            blue[column] = 0
            counts[column] = 0
        }
        meanRed.withUnsafeBufferPointer { r in
            meanGreen.withUnsafeBufferPointer { g in
                meanBlue.withUnsafeBufferPointer { b in sums?.addRow(red: r, green: g, blue: b) }
            }
        }
    }

    /// The coefficients of the grid.
    func components() throws(BlurHashError) -> BlurHashComponents {
        if let direct { return try direct.components() }
        guard let sums else { throw .emptyImage(width: decodedSize.width, height: decodedSize.height) }
        guard sums.isComplete else { throw .incompleteImage(rowsReceived: rowsConsumed, height: decodedSize.height) }
        return BlurHashComponents(componentsX: sums.componentsX, componentsY: sums.componentsY, coefficients: sums.factors())
    }
}
