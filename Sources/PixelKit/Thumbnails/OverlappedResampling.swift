import PixelKitPlatform

/// A `RowSink` that lets a second core resample while the decoder keeps decoding.
///
/// Rows are copied into chunks of `chunkRows`; full chunks go to a short queue that a background
/// task feeds, in order, to the `Resampler`. Whoever holds the resampler processes the next queued
/// chunk, so the order never changes; when the queue is longer than `maxQueued` (the background task
/// has no core to run on, e.g. in a busy batch) the decoding thread processes chunks itself. Nobody
/// ever waits for a task that may not be scheduled — only, briefly, for a chunk being processed —
/// and memory stays at a few chunks.
struct OverlappedResampling: RowSink {
    private static let chunkRows = 32
    private static let maxQueued = 3

    private let shared: Shared
    private var chunk: [UInt8] = []
    private var rowsInChunk = 0
    private var rowBytes = 0

    init(_ resampler: Resampler) {
        shared = Shared(resampler)
    }

    mutating func begin(size: PixelSize) {
        rowBytes = max(size.width, 0) * 4
        shared.resampler.withLock { $0.begin(size: size) }
        startChunk()
    }

    mutating func consume(_ row: PixelRow) {
        guard rowBytes > 0, row.pixels.count >= rowBytes else { return }
        chunk.append(contentsOf: UnsafeBufferPointer(rebasing: row.pixels[0..<rowBytes]))
        rowsInChunk += 1
        if rowsInChunk == Self.chunkRows { submitChunk() }
    }

    /// Processes what is left and returns the resampled image.
    mutating func makeImage() -> RGBAImage {
        if rowsInChunk > 0 { submitChunk() }
        shared.processAll()
        return shared.resampler.withLock { $0.makeImage() }
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
        let queue = PThreadLocked(Queue())
        let resampler: PThreadLocked<Resampler>

        init(_ resampler: Resampler) { self.resampler = PThreadLocked(resampler) }

        /// Feeds the oldest queued chunk to the resampler; false if none was queued.
        func processNext() -> Bool {
            resampler.withLock { resampler in
                guard let chunk = queue.withLock({ $0.chunks.isEmpty ? nil : $0.chunks.removeFirst() }) else { return false }
                chunk.bytes.withUnsafeBufferPointer { bytes in
                    var offset = 0
                    while offset + chunk.rowBytes <= bytes.count {
                        resampler.consume(PixelRow(y: 0, pixels: UnsafeBufferPointer(rebasing: bytes[offset..<offset + chunk.rowBytes])))
                        offset += chunk.rowBytes
                    }
                }
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
