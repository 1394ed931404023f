import PixelKitPlatform

/// A `RowSink` that lets a second core resample while the decoder keeps decoding.
///
/// Rows are copied into chunks of `chunkRows`; full chunks go to a short queue that a background
/// task feeds, in order, to the `Resampler`. Whoever holds the resampler processes the next queued
/// chunk, so the order never changes; when the queue is longer than `maxQueued` (the background task
/// has no core to run on, e.g. in a busy batch) the decoding thread processes chunks itself. Nobody
/// ever waits for a task that may not be scheduled — only, briefly, for a chunk being processed —
/// and memory stays at a few chunks. Given an ``ImageRowEncoder`` (for rows that are not turned),
/// whoever resamples a chunk also encodes the output rows it finished, so the encoding is done by
/// the time the decoder is, and the output image is never held.
struct OverlappedResampling: RowSink {
    private static let chunkRows = 32
    private static let maxQueued = 3

    private let shared: Shared
    private var chunk: [UInt8] = []
    private var rowsInChunk = 0
    private var rowBytes = 0

    init(_ resampler: Resampler, encodingRowsWith encoder: sending (any ImageRowEncoder)? = nil) {
        shared = Shared(resampler, encoding: encoder.map(StreamedEncoding.init))
    }

    mutating func begin(size: PixelSize) {
        rowBytes = max(size.width, 0) * 4
        shared.output.withLock { $0.resampler.begin(size: size) }
        startChunk()
    }

    mutating func consume(_ row: PixelRow) {
        guard rowBytes > 0, row.pixels.count >= rowBytes else { return }
        chunk.append(contentsOf: UnsafeBufferPointer(rebasing: row.pixels[0..<rowBytes]))
        rowsInChunk += 1
        if rowsInChunk == Self.chunkRows { submitChunk() }
    }

    /// Processes what is left and returns the resampled image (without an encoder).
    mutating func makeImage() -> RGBAImage {
        processRest()
        return shared.output.withLock { $0.resampler.makeImage() }
    }

    /// Processes what is left and returns the encoder's file (with an encoder).
    mutating func finishEncoding() throws(ImageError) -> [UInt8] {
        processRest()
        return try shared.output.withLock { (output) throws(ImageError) in
            guard var encoding = output.encoding else { preconditionFailure("no encoder was given") }
            defer { output.encoding = nil }
            return try encoding.finish(with: &output.resampler)
        }
    }

    /// Queues the last, partial chunk and resamples every queued one.
    private mutating func processRest() {
        if rowsInChunk > 0 { submitChunk() }
        shared.processAll()
    }

    private mutating func startChunk() {
        chunk = []
        chunk.reserveCapacity(rowBytes * Self.chunkRows)
        rowsInChunk = 0
    }

    private mutating func submitChunk() {
        let (queued, needsWorker) = shared.queue.withLock { state in
            state.chunks.append(Chunk(bytes: chunk, rowBytes: rowBytes))
            let needsWorker = !state.workerRunning
            state.workerRunning = true
            return (state.chunks.count, needsWorker)
        }
        startChunk()
        if needsWorker {
            let shared = self.shared
            Task.detached { shared.runWorker() }
        }
        if queued > Self.maxQueued { _ = shared.processNext() }
    }

    /// Decoded rows waiting to be resampled.
    struct Chunk: Sendable {
        var bytes: [UInt8]
        var rowBytes: Int
    }

    final class Shared: Sendable {
        struct Queue {
            var chunks: [Chunk] = []
            var workerRunning = false
        }
        /// The resampler and the encoder of its rows, which work on one chunk at a time.
        struct Output {
            var resampler: Resampler
            var encoding: StreamedEncoding?
        }
        let queue = PThreadLocked(Queue())
        let output: PThreadLocked<Output>

        init(_ resampler: Resampler, encoding: sending StreamedEncoding?) {
            var resampler = resampler
            if encoding != nil { resampler.streamRows() }
            output = PThreadLocked(Output(resampler: resampler, encoding: encoding))
        }

        /// Feeds the oldest queued chunk to the resampler; false if none was queued.
        func processNext() -> Bool {
            output.withLock { output in
                guard let chunk = queue.withLock({ $0.chunks.isEmpty ? nil : $0.chunks.removeFirst() }) else { return false }
                chunk.bytes.withUnsafeBufferPointer { bytes in
                    var offset = 0
                    while offset + chunk.rowBytes <= bytes.count {
                        output.resampler.consume(PixelRow(y: 0, pixels: UnsafeBufferPointer(rebasing: bytes[offset..<offset + chunk.rowBytes])))
                        offset += chunk.rowBytes
                    }
                }
                output.encoding?.encodeFinishedRows(of: &output.resampler)
                return true
            }
        }

        func processAll() {
            while processNext() {}
        }

        /// The background task: process until the queue is empty, then let the next chunk start a new one.
        func runWorker() {
            while true {
                if processNext() { continue }
                let stop = queue.withLock { state in
                    if state.chunks.isEmpty { state.workerRunning = false }
                    return !state.workerRunning
                }
                if stop { return }
            }
        }
    }
}
