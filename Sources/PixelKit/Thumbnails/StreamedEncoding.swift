/// Feeds a resampler's finished output rows, in order, to an ``ImageRowEncoder`` as they appear, so
/// that a thumbnail is encoded on the core that resamples while the decoder is still decoding.
/// The first failure is kept and thrown by `finish`.
struct StreamedEncoding {
    private let encoder: any ImageRowEncoder
    private var rowsEncoded = 0
    private var failure: ImageError?

    init(_ encoder: any ImageRowEncoder) { self.encoder = encoder }

    /// Encodes the rows `resampler` finished since the last call.
    mutating func encodeFinishedRows(of resampler: Resampler) {
        let finished = resampler.finishedRowCount
        guard failure == nil, finished > rowsEncoded else { return }
        do throws(ImageError) {
            try resampler.withFinishedRows(rowsEncoded..<finished) { (row) throws(ImageError) in try encoder.consume(row) }
            rowsEncoded = finished
        } catch {
            failure = error
        }
    }

    /// Encodes the rest of `image` (the resampler's finished result) and returns the file's bytes.
    func finish(with image: RGBAImage) throws(ImageError) -> [UInt8] {
        if let failure { throw failure }
        let stride = image.width * 4
        try image.pixels.withUnsafeBufferPointer { (pixels) throws(ImageError) in
            for y in rowsEncoded..<image.height {
                try encoder.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(rebasing: pixels[y * stride..<(y + 1) * stride])))
            }
        }
        return try encoder.finish()
    }
}
