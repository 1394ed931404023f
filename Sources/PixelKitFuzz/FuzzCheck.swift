import PixelKit

/// Invariant checks shared by the fuzz targets.
enum FuzzCheck {
    /// Small limits keep each execution fast; the invariants are the same at any size.
    static let limits = DecodingLimits(maxPixelCount: 4_000_000, maxDimension: 16_384, maxChunkBytes: 1 << 20, maxMemoryBytes: 128 << 20)

    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("fuzz invariant broken: \(message())") }
    }

    /// Every error a decoder throws must be one of our typed errors.
    static func expectTyped(_ error: any Error) {
        require(error is ImageError, "untyped error \(type(of: error)): \(error)")
    }

    /// Decodes through `decoder` and checks the row stream against the report and the limits.
    /// Returns a checksum of the pixels so callers can compare two decodes.
    @discardableResult
    static func decodeChecked(_ decoder: some ImageDecoder, _ bytes: [UInt8], options: DecodeOptions) -> UInt64? {
        decodeChecked(decoder, .bytes(bytes), options: options)
    }

    /// ``decodeChecked(_:_:options:)`` for any source (a file, to reach a codec's file path).
    @discardableResult
    static func decodeChecked(_ decoder: some ImageDecoder, _ source: ImageSource, options: DecodeOptions) -> UInt64? {
        var sink = CheckingSink()
        do {
            let report = try decoder.decode(source, options: options, into: &sink)
            require(report.outputSize == sink.size, "report size \(report.outputSize) ≠ begin size \(sink.size)")
            require(report.info.size.pixelCount <= options.limits.maxPixelCount, "decoded \(report.info.size) beyond the limit")
            require(sink.rows == report.outputSize.height, "\(sink.rows) rows for height \(report.outputSize.height)")
            if let minimum = options.minimumSize {
                require(report.outputSize.width >= min(minimum.width, report.info.width), "reduced below the minimum width")
            } else {
                require(report.outputSize == report.info.size, "full decode delivered \(report.outputSize) for \(report.info.size)")
            }
            return sink.checksum
        } catch {
            expectTyped(error)
            return nil
        }
    }
}

/// A sink that checks row order and width, and folds the pixels into a checksum.
struct CheckingSink: RowSink {
    var size = PixelSize(width: -1, height: -1)
    var rows = 0
    var checksum: UInt64 = 0xcbf29ce484222325

    mutating func begin(size: PixelSize) {
        FuzzCheck.require(self.size.width == -1, "begin called twice")
        self.size = size
    }

    mutating func consume(_ row: PixelRow) {
        FuzzCheck.require(row.y == rows, "row \(row.y) delivered out of order (expected \(rows))")
        FuzzCheck.require(row.width == size.width, "row width \(row.width) ≠ \(size.width)")
        rows += 1
        for byte in row.pixels { checksum = (checksum ^ UInt64(byte)) &* 0x100000001b3 }
    }
}
