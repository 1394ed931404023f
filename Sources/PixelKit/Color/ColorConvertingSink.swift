/// A ``RowSink`` that converts each row with a ``ColorTransform`` (into a scratch row it owns)
/// before passing it on: how ``ImageReader`` delivers every decode in the asked color space.
struct ColorConvertingSink<Base: RowSink>: RowSink {
    var base: Base
    let transform: any ColorTransform
    private var scratch: [UInt8] = []

    init(base: Base, transform: any ColorTransform) {
        self.base = base
        self.transform = transform
    }

    mutating func begin(size: PixelSize) {
        scratch = [UInt8](repeating: 0, count: size.width * 4)
        base.begin(size: size)
    }

    mutating func consume(_ row: PixelRow) {
        // Taken out while the base consumes it: the two are parts of self.
        var buffer = scratch
        scratch = []
        if buffer.count < row.pixels.count { buffer = [UInt8](repeating: 0, count: row.pixels.count) }
        buffer.withUnsafeMutableBufferPointer { buffer in
            let converted = UnsafeMutableBufferPointer(rebasing: buffer[..<row.pixels.count])
            transform.convert(row.pixels, into: converted)
            base.consume(PixelRow(y: row.y, pixels: UnsafeBufferPointer(converted)))
        }
        scratch = buffer
    }

    var isSatisfied: Bool { base.isSatisfied }
}
