@testable import PixelKit
import PixelKitPlatform
import Testing

@Suite("Thumbnail batches")
struct ThumbnailBatchTests {
    /// Inputs of very different sizes (so they finish out of order), with corrupt ones at known places.
    private static func inputs() -> (sources: [ImageSource], corrupt: Set<Int>) {
        var sources: [ImageSource] = []
        var corrupt: Set<Int> = []
        for index in 0..<14 {
            if index % 5 == 3 {
                corrupt.insert(index)
                sources.append(.bytes(index == 3 ? [] : Array("RAW1garbage".utf8)))
            } else {
                let side = index % 2 == 0 ? 150 - index * 8 : 20 + index
                sources.append(.bytes(InMemoryCodec.file(TestImages.pattern(width: side, height: side / 2 + index))))
            }
        }
        return (sources, corrupt)
    }

    private func run(
        concurrency: Int, codec: InMemoryCodec = InMemoryCodec(), sources: [ImageSource]
    ) async throws -> (results: [ThumbnailBatchResult], progress: [ThumbnailProgress]) {
        let thumbnailer = Thumbnailer(codecs: CodecRegistry([codec]), options: ThumbnailOptions(maxPixelSize: 24, format: ImageFormat(rawValue: "raw")))
        var results: [ThumbnailBatchResult] = []
        var progress: [ThumbnailProgress] = []
        try await thumbnailer.forEachThumbnail(of: sources, concurrency: concurrency, progress: { progress.append($0) }) {
            results.append($0)
        }
        return (results, progress)
    }

    @Test("Results come in input order; corrupt inputs report their own errors; the rest complete")
    func orderAndErrors() async throws {
        let (sources, corrupt) = Self.inputs()
        let (results, progress) = try await run(concurrency: 3, sources: sources)
        #expect(results.map(\.index) == Array(sources.indices))
        #expect(results.map(\.source) == sources)
        for item in results {
            switch item.result {
            case .success(let thumbnail):
                #expect(!corrupt.contains(item.index))
                #expect(max(thumbnail.size.width, thumbnail.size.height) <= 24)
            case .failure(let error):
                #expect(corrupt.contains(item.index), "\(item.index): \(error)")
                let _: ImageError = error  // typed throws: checked by the compiler
            }
        }
        #expect(progress.map(\.completed) == Array(1...sources.count))
        #expect(progress.last == ThumbnailProgress(completed: sources.count, failed: corrupt.count, total: sources.count))
    }

    /// Issue 42, item 2: with more than one image in flight, each decode is single-threaded
    /// (before, a batch of 2 jobs on a machine with more than 2 cores gave each decode 2 threads).
    @Test("A batch decodes on one thread per image when it runs more than one image at once, and may use two when it runs one")
    func oneThreadPerImageWhenSeveralRun() async throws {
        let sources = (0..<6).map { ImageSource.bytes(InMemoryCodec.file(TestImages.pattern(width: 80 + $0, height: 60))) }
        let several = InMemoryCodec()
        _ = try await run(concurrency: 2, codec: several, sources: sources)
        #expect(several.requests.maxThreads == Array(repeating: 1, count: sources.count))
        let one = InMemoryCodec()
        _ = try await run(concurrency: 1, codec: one, sources: sources)
        #expect(one.requests.maxThreads == Array(repeating: ProcessorCount.active >= 2 ? 2 : 1, count: sources.count))
    }

    @Test("Results are identical whatever the job count, and no more than that many decode at once")
    func concurrencyInvariance() async throws {
        let (sources, _) = Self.inputs()
        var reference: [[UInt8]?]?
        for jobs in [1, 2, 4, 16] {
            let codec = InMemoryCodec()
            let (results, _) = try await run(concurrency: jobs, codec: codec, sources: sources)
            let outputs = results.map { try? $0.result.get().data }
            if let reference { #expect(outputs == reference, "jobs \(jobs)") } else { reference = outputs }
            #expect(codec.activity.mostAtOnce <= jobs)
        }
    }

    @Test("Cancellation stops the batch: nothing more is delivered and it throws .cancelled")
    func cancellation() async throws {
        let sources = (0..<40).map { _ in ImageSource.bytes(InMemoryCodec.file(TestImages.pattern(width: 60, height: 40))) }
        let thumbnailer = Thumbnailer(codecs: CodecRegistry([InMemoryCodec()]), options: ThumbnailOptions(maxPixelSize: 20, format: ImageFormat(rawValue: "raw")))
        let delivered = PThreadLocked(0)
        let task = Task {
            try await thumbnailer.forEachThumbnail(of: sources, concurrency: 2) { _ in
                delivered.withLock { $0 += 1 }
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        await #expect(throws: ImageError.cancelled) { try await task.value }
        #expect(delivered.withLock { $0 } == 1)
    }

    @Test("An empty batch finishes at once")
    func emptyBatch() async throws {
        let (results, progress) = try await run(concurrency: 2, sources: [])
        #expect(results.isEmpty && progress.isEmpty)
    }
}
