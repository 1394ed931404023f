import PixelKit

/// A `RowSink` that computes a BlurHash while an image streams past, in memory proportional to
/// its width: hand it to `CodecRegistry.decode(_:options:into:)` (or `RGBAImage.send(to:)`),
/// then call `components()`.
///
/// The result is bit-identical to the woltapp C reference run on the same pixels. Alpha is ignored.
public struct BlurHashAccumulator: RowSink {
    /// The component counts to compute.
    public let encoder: BlurHashEncoder
    private var sums: BasisSums?
    /// The row being added, in linear light, each value repeated across four lanes.
    private var red: [SIMD4<Float>] = []
    private var green: [SIMD4<Float>] = []
    private var blue: [SIMD4<Float>] = []
    private var size = PixelSize(width: 0, height: 0)

    /// An accumulator for the component counts of `encoder`; call `begin(size:)` before the rows.
    public init(encoder: BlurHashEncoder) {
        self.encoder = encoder
    }

    /// Starts an image of `size` pixels, discarding anything accumulated before.
    public mutating func begin(size: PixelSize) {
        self.size = size
        guard size.width > 0, size.height > 0 else {
            sums = nil
            return
        }
        sums = BasisSums(componentsX: encoder.componentsX, componentsY: encoder.componentsY, width: size.width, height: size.height)
        red = [SIMD4<Float>](repeating: .zero, count: size.width)
        green = red
        blue = red
    }

    /// Adds one RGBA8 row; rows must arrive top to bottom (as decoders deliver them).
    public mutating func consume(_ row: PixelRow) {
        add(pixels: row.pixels, layout: .rgba)
    }

    /// Adds the next row from packed 8-bit pixels (at least `width` of them).
    mutating func add(pixels: UnsafeBufferPointer<UInt8>, layout: BlurHashPixelLayout) {
        guard sums != nil, pixels.count >= size.width * layout.bytesPerPixel else { return }
        let stride = layout.bytesPerPixel
        let (r, g, b) = layout.channelOffsets
        ReferenceArithmetic.linearBroadcastTable.withUnsafeBufferPointer { table in
            red.withUnsafeMutableBufferPointer { red in
                green.withUnsafeMutableBufferPointer { green in
                    blue.withUnsafeMutableBufferPointer { blue in
                        for x in 0..<size.width {
                            let offset = x * stride
                            red[x] = table[Int(pixels[offset + r])]
                            green[x] = table[Int(pixels[offset + g])]
                            blue[x] = table[Int(pixels[offset + b])]
                        }
                    }
                }
            }
        }
        addLinearRow()
    }

    private mutating func addLinearRow() {
        red.withUnsafeBufferPointer { red in
            green.withUnsafeBufferPointer { green in
                blue.withUnsafeBufferPointer { blue in
                    sums?.addRow(red: red, green: green, blue: blue)
                }
            }
        }
    }

    /// The coefficients of the image received.
    /// - Throws: `BlurHashError.emptyImage` if the image has no pixels, `.incompleteImage` if rows are missing.
    public func components() throws(BlurHashError) -> BlurHashComponents {
        guard let sums else { throw .emptyImage(width: size.width, height: size.height) }
        guard sums.isComplete else { throw .incompleteImage(rowsReceived: sums.rowsAdded, height: size.height) }
        return BlurHashComponents(componentsX: sums.componentsX, componentsY: sums.componentsY, coefficients: sums.factors())
    }
}
