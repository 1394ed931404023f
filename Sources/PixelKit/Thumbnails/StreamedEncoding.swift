/// Feeds a streaming resampler's output rows, in order, to an ``ImageRowEncoder`` as they are
/// finished, so that a thumbnail is encoded on the core that resamples while the decoder is still
/// decoding, and its image never exists. The first failure is kept and thrown by `finish`.
struct StreamedEncoding {
    private let encoder: any ImageRowEncoder
    private var failure: ImageError?

    init(_ encoder: any ImageRowEncoder) { self.encoder = encoder }

    /// Encodes the rows `resampler` finished since the last call (dropping them after a failure).
    mutating func encodeFinishedRows(of resampler: inout Resampler) {
        let encoder = self.encoder
        var failure = self.failure
        resampler.takeFinishedRows { row in
            guard failure == nil else { return }
            do throws(ImageError) {
                try encoder.consume(row)
            } catch {
                failure = error
            }
        }
        self.failure = failure
    }

    /// Encodes the rows left, including those a decoder that stopped early never delivered, and
    /// returns the file's bytes.
    mutating func finish(with resampler: inout Resampler) throws(ImageError) -> [UInt8] {
        resampler.completeRows()
        encodeFinishedRows(of: &resampler)
        if let failure { throw failure }
        return try encoder.finish()
    }
}
