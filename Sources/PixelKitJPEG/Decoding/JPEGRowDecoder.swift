import PixelKit

/// The decode loop: header, limits, scale, then batches of RGBA8 rows from libjpeg into one reused
/// buffer, each row lent to the sink.
enum JPEGRowDecoder {
    /// Most rows read per `jpeg_read_scanlines` batch, and the most bytes such a batch may take.
    static let maxBatchRows = 16
    static let maxBatchBytes = 256 << 10

    static func decode<Sink: RowSink>(
        with decompressor: inout JPEGDecompressor, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let header = try decompressor.readHeader(limits: options.limits)
        let info = try JPEGCodec.info(from: header, limits: options.limits)
        let scale = JPEGScale.smallest(for: header.size, atLeast: options.minimumSize)
        let shortcut = options.allowsProgressiveShortcut && header.isProgressive && scale == .oneEighth

        let expected = scale.outputSize(for: header.size)
        let rowBytes = expected.width * 4
        let batchRows = max(1, min(maxBatchRows, maxBatchBytes / rowBytes))
        let memory = header.coefficientBytes + rowBytes * batchRows
        guard memory <= options.limits.maxMemoryBytes else {
            throw .limitExceeded(.memory(bytes: memory, limit: options.limits.maxMemoryBytes))
        }
        decompressor.expectedMemoryBytes = memory

        let size = try decompressor.start(scaleEighths: scale.eighths, progressiveShortcut: shortcut)
        sink.begin(size: size)
        var buffer = [UInt8](repeating: 0, count: size.width * 4 * batchRows)
        let stride = size.width * 4
        var y = 0
        var stoppedEarly = false
        try buffer.withUnsafeMutableBufferPointer { (rows) throws(ImageError) in
            while y < size.height {
                let count = try decompressor.readRows(into: rows, stride: stride, maxRows: batchRows)
                if count == 0 { break }
                for index in 0..<count {
                    let start = index * stride
                    sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(rebasing: rows[start ..< start + stride])))
                    y += 1
                    if sink.isSatisfied {
                        stoppedEarly = true
                        return
                    }
                }
            }
        }
        if !stoppedEarly {
            guard y == size.height else {
                throw .malformed(format: .jpeg, message: "libjpeg delivered \(y) of \(size.height) rows")
            }
            try decompressor.finish()
        }
        return DecodeReport(info: info, outputSize: size, warnings: decompressor.warnings)
    }
}
