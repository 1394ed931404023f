import PixelKit

/// A `RowSink` that counts the opaque pixels of the rows it is given into a fixed table of 32,768
/// cells (5 bits per channel, the resolution of the Wu quantizer), keeping each cell's pixel count
/// and color sums so that a cell stands for the exact mean of its pixels, not for its corner.
///
/// Its memory is fixed (1 MiB) whatever the image's size, and each pixel costs one table update.
/// Pixels whose alpha is below 255 are skipped, as material-color-utilities skips them.
public struct ColorHistogram: RowSink {
    /// Bits kept per channel.
    static let bitsPerChannel = 5
    /// Cells along each channel.
    static let side = 1 << bitsPerChannel
    /// Cells in the table.
    static let cellCount = side * side * side

    /// Per cell: sums of red, green, blue, and the pixel count.
    private(set) var cells: [SIMD4<UInt64>]
    /// Opaque pixels counted.
    public private(set) var opaquePixelCount: UInt64 = 0
    /// Every pixel seen, opaque or not.
    public private(set) var pixelCount: UInt64 = 0

    /// An empty histogram.
    public init() {
        cells = Array(repeating: .zero, count: Self.cellCount)
    }

    /// Nothing to prepare: the table does not depend on the image's size.
    public mutating func begin(size: PixelSize) {}

    /// Adds the row's opaque pixels to their cells.
    public mutating func consume(_ row: PixelRow) {
        let pixels = row.pixels
        let width = row.width
        var opaque: UInt64 = 0
        cells.withUnsafeMutableBufferPointer { table in
            for x in 0..<width {
                let p = x &* 4
                guard pixels[p &+ 3] == 255 else { continue }
                let red = pixels[p], green = pixels[p &+ 1], blue = pixels[p &+ 2]
                let index = Int(red >> 3) << 10 | Int(green >> 3) << 5 | Int(blue >> 3)
                table[index] &+= SIMD4(UInt64(red), UInt64(green), UInt64(blue), 1)
                opaque &+= 1
            }
        }
        opaquePixelCount &+= opaque
        pixelCount &+= UInt64(width)
    }

    /// True once the current task is cancelled, so that the decoder stops early.
    public var isSatisfied: Bool { Task.isCancelled }

    /// The occupied cells: each one's mean color (components 0…255) and its pixel count.
    var occupiedCells: [WeightedColor] {
        var result: [WeightedColor] = []
        for (index, cell) in cells.enumerated() where cell[3] > 0 {
            let count = Double(cell[3])
            result.append(WeightedColor(
                cell: index,
                color: SIMD3(Double(cell[0]) / count, Double(cell[1]) / count, Double(cell[2]) / count),
                count: count))
        }
        return result
    }
}
