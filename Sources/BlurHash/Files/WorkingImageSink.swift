import PixelKit

/// The `RowSink` behind file encoding. At full resolution the rows go straight to a
/// `BlurHashAccumulator` (the reference's result). Reduced, they are area-summed in linear light onto
/// a grid no larger than the working size, and each grid cell enters the basis sums with its pixel
/// sum at the position of its centre in the stored image, so the result approximates the
/// full-resolution sums (a midpoint rule) rather than the hash of a smaller picture.
struct WorkingImageSink: RowSink {
    let encoder: BlurHashEncoder
    /// The longest side of the grid; `nil` for no reduction.
    let workingSize: Int?
    /// The stored image's size, which a scaled decode maps onto (`nil`: the decoded size).
    let storedSize: PixelSize?
    private(set) var decodedSize = PixelSize(width: 0, height: 0)
    private(set) var gridSize = PixelSize(width: 0, height: 0)
    /// Full resolution: the rows go through unchanged.
    private var direct: BlurHashAccumulator?
    /// Reduced: the basis sums of the grid.
    private var sums: BasisSums?
    /// Grid column of each decoded x, and grid row of each decoded y.
    private var columnOfPixel: [Int32] = []
    private var rowOfPixel: [Int32] = []
    /// One past the last decoded x of each grid column (a column's pixels are one run of x).
    private var columnEnds: [Int] = []
    /// Linear-light sums of the grid row being filled, per grid column.
    private var red: [Double] = []
    private var green: [Double] = []
    private var blue: [Double] = []
    /// `gridPixels / decodedPixels`: cell sums times this are what the basis sums need (see `flush`).
    private var cellScale: Double = 1
    /// One grid row of scaled cell sums, handed to the basis sums.
    private var rowRed: [SIMD4<Float>] = []
    private var rowGreen: [SIMD4<Float>] = []
    private var rowBlue: [SIMD4<Float>] = []
    private var currentGridRow = 0
    private var rowsConsumed = 0

    init(encoder: BlurHashEncoder, workingSize: Int?, storedSize: PixelSize?) {
        self.encoder = encoder
        self.workingSize = workingSize
        self.storedSize = storedSize
    }

    /// A cancelled task stops the decode at the next row (the caller then throws `.cancelled`).
    var isSatisfied: Bool { Task.isCancelled }

    mutating func begin(size: PixelSize) {
        decodedSize = size
        guard size.width > 0, size.height > 0 else { return }
        let longest = max(size.width, size.height)
        guard let workingSize, longest > workingSize else {
            gridSize = size
            direct = BlurHashAccumulator(encoder: encoder)
            direct?.begin(size: size)
            return
        }
        // Keep the aspect ratio; each side at least 1.
        func scaled(_ side: Int) -> Int { max(1, (side * workingSize + longest / 2) / longest) }
        gridSize = PixelSize(width: scaled(size.width), height: scaled(size.height))
        columnOfPixel = (0..<size.width).map { Int32($0 * gridSize.width / size.width) }
        rowOfPixel = (0..<size.height).map { Int32($0 * gridSize.height / size.height) }
        columnEnds = [Int](repeating: 0, count: gridSize.width)
        for (pixel, column) in columnOfPixel.enumerated() { columnEnds[Int(column)] = pixel + 1 }
        let stored = storedSize ?? size
        sums = BasisSums(
            componentsX: encoder.componentsX, componentsY: encoder.componentsY,
            columnPositions: Self.centres(of: columnOfPixel, cells: gridSize.width, decoded: size.width, stored: stored.width),
            imageWidth: Double(stored.width),
            rowPositions: Self.centres(of: rowOfPixel, cells: gridSize.height, decoded: size.height, stored: stored.height),
            imageHeight: Double(stored.height))
        cellScale = Double(gridSize.width * gridSize.height) / Double(size.width * size.height)
        red = [Double](repeating: 0, count: gridSize.width)
        green = red
        blue = red
        rowRed = [SIMD4<Float>](repeating: .zero, count: gridSize.width)
        rowGreen = rowRed
        rowBlue = rowRed
        currentGridRow = 0
        rowsConsumed = 0
    }

    /// The centre of each cell in stored-pixel coordinates: decoded pixel `u` of a scaled decode
    /// covers stored pixels around `(u + 0.5) · stored/decoded − 0.5`; a cell is the mean of its pixels'.
    private static func centres(of cellOfPixel: [Int32], cells: Int, decoded: Int, stored: Int) -> [Double] {
        var first = [Int](repeating: -1, count: cells)
        var last = [Int](repeating: -1, count: cells)
        for (pixel, cell) in cellOfPixel.enumerated() {
            if first[Int(cell)] < 0 { first[Int(cell)] = pixel }
            last[Int(cell)] = pixel
        }
        let scale = Double(stored) / Double(decoded)
        return (0..<cells).map { cell in
            let middle = Double(first[cell] + last[cell]) / 2
            return (middle + 0.5) * scale - 0.5
        }
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
        let width = decodedSize.width
        // A column's sums stay in registers for its run of pixels, added in the same order as one
        // pixel at a time through memory, which chained every addition behind the previous store.
        ReferenceArithmetic.linearTable.withUnsafeBufferPointer { table in
            columnEnds.withUnsafeBufferPointer { columnEnds in
                red.withUnsafeMutableBufferPointer { red in
                    green.withUnsafeMutableBufferPointer { green in
                        blue.withUnsafeMutableBufferPointer { blue in
                            var x = 0
                            for column in 0..<columnEnds.count {
                                let end = min(columnEnds[column], width)
                                var r = red[column], g = green[column], b = blue[column]
                                while x < end {
                                    let offset = x &* 4
                                    r += Double(table[Int(pixels[offset])])
                                    g += Double(table[Int(pixels[offset &+ 1])])
                                    b += Double(table[Int(pixels[offset &+ 2])])
                                    x &+= 1
                                }
                                red[column] = r
                                green[column] = g
                                blue[column] = b
                            }
                        }
                    }
                }
            }
        }
        rowsConsumed += 1
        if rowsConsumed == decodedSize.height { flush() }
    }

    /// Hands the filled grid row to the basis sums and clears it. The basis sums divide by the grid's
    /// pixel count, so each cell's sum is scaled by `gridPixels / decodedPixels`: the factors become
    /// `Σ_cells cos · cos · cellSum / decodedPixels`, the full sum's midpoint-rule approximation.
    private mutating func flush() {
        for column in 0..<gridSize.width {
            rowRed[column] = SIMD4(repeating: Float(red[column] * cellScale))
            rowGreen[column] = SIMD4(repeating: Float(green[column] * cellScale))
            rowBlue[column] = SIMD4(repeating: Float(blue[column] * cellScale))
            red[column] = 0
            green[column] = 0
            blue[column] = 0
        }
        rowRed.withUnsafeBufferPointer { r in
            rowGreen.withUnsafeBufferPointer { g in
                rowBlue.withUnsafeBufferPointer { b in sums?.addRow(red: r, green: g, blue: b) }
            }
        }
    }

    /// The coefficients of what was received.
    func components() throws(BlurHashError) -> BlurHashComponents {
        if let direct { return try direct.components() }
        guard let sums else { throw .emptyImage(width: decodedSize.width, height: decodedSize.height) }
        guard sums.isComplete else { throw .incompleteImage(rowsReceived: rowsConsumed, height: decodedSize.height) }
        return BlurHashComponents(componentsX: sums.componentsX, componentsY: sums.componentsY, coefficients: sums.factors())
    }
}
