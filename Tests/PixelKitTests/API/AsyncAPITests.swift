import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPlatform
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// A 48 MP (8000×6000) JPEG of noise, made once with the package's own encoder: large enough that
/// an average is in flight for a while, and costly to entropy-decode like a real photo.
enum LargeJPEG {
    static let width = 8000
    static let height = 6000

    /// The file as `Data` (a copy made per use: a `Data` kept in a static hides its storage pointer
    /// from LeakSanitizer, which then reports the 43 MB as leaked).
    static var data: Data { Data(bytes) }

    static let bytes: [UInt8] = {
        // One random row twice as wide as the image; each image row starts somewhere else in it.
        var generator = SystemRandomNumberGenerator()
        let rowBytes = width * 4
        var template = [UInt8](repeating: 255, count: 2 * rowBytes)
        for index in template.indices where index % 4 != 3 { template[index] = UInt8.random(in: 0...255, using: &generator) }
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            template.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let start = (y * 7919 % width) * 4
                    let target = UnsafeMutableBufferPointer(rebasing: buffer[y * rowBytes..<(y + 1) * rowBytes])
                    _ = target.initialize(from: source[start..<start + rowBytes])
                }
            }
            count = rowBytes * height
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        return try! JPEGCodec().encode(image, options: EncodeOptions(quality: 0.9))
    }()
}

/// Counts how often the main thread — the main actor's executor — gets to run: one tick per
/// millisecond while it is free.
///
/// It re-schedules itself with `DispatchQueue.main.async`, not with `Task.sleep` or `Task.yield`:
/// those resume through the cooperative thread pool, which on two cores busy decoding (other tests
/// run in parallel) would measure the pool, not the main actor.
@MainActor
final class MainActorTicker {
    private(set) var ticks = 0
    private var running = false

    func start() {
        running = true
        tick()
    }

    func stop() { running = false }

    private func tick() {
        guard running else { return }
        ticks += 1
        usleep(1000)
        DispatchQueue.main.async { MainActor.assumeIsolated { self.tick() } }
    }
}

/// A sampler that cancels the task it runs in once it has seen `cancelAtRow` rows, and counts
/// every row it is given.
struct CancellingSampler: PixelSampler {
    let cancelAtRow: Int
    let rowsSeen: PThreadLocked<Int>

    func makeState(for size: PixelSize, coverage: EdgeCoverage) -> Void {}

    func sample<Accumulator: ColorAccumulator>(_ row: PixelRow, state: inout Void, into accumulator: inout Accumulator) {
        let seen = rowsSeen.withLock { count in
            count += 1
            return count
        }
        if seen == cancelAtRow { withUnsafeCurrentTask { $0?.cancel() } }
        accumulator.add(row: row.pixels)
    }
}

/// A main-actor type using the async API as an app would: no `@Sendable`, no locks.
@MainActor
final class GalleryModel {
    let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    var tiles: [Int: PixelSize] = [:]
    var failures: [Int: ImageError] = [:]
    var progressSeen = 0
    var averageHex = ""

    func load(_ sources: [ImageSource]) async throws {
        let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 32))
        try await thumbnailer.forEachThumbnail(of: sources, concurrency: 2, progress: { _ in self.progressSeen += 1 }) { item in
            MainActor.assertIsolated()
            switch item.result {
            case .success(let thumbnail): self.tiles[item.index] = thumbnail.size
            case .failure(let error): self.failures[item.index] = error
            }
        }
        averageHex = try await codecs.averageColor(of: sources[0]).color.hex
    }
}

/// The same from an actor of one's own.
actor Indexer {
    let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    var sizes: [PixelSize] = []
    var infos: [ImageInfo] = []
    var thumbnailBytes = 0

    func index(_ sources: [ImageSource]) async throws {
        let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 32))
        try await thumbnailer.forEachThumbnail(of: sources) { item in
            self.assertIsolated()
            self.sizes.append(try item.result.get().size)
        }
        for source in sources {
            infos.append(try await codecs.probe(source))
            thumbnailBytes += try await thumbnailer.thumbnail(of: source).data.count
        }
    }
}

@Suite("Async API")
struct AsyncAPITests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    static let files = ["photos/rocket.jpg", "photos/camera.png", "photos/coffee.png"]

    /// The synchronous overloads, from a synchronous context (an async one picks the async overloads).
    static func synchronousAverage(_ path: String) throws(ImageError) -> AverageResult {
        try codecs.averageColor(of: path)
    }

    static func synchronousProbe(_ source: ImageSource) throws(ImageError) -> ImageInfo {
        try codecs.probe(source)
    }

    static func synchronousThumbnail(_ thumbnailer: Thumbnailer, _ data: Data) throws(ImageError) -> Thumbnail {
        try thumbnailer.thumbnail(of: data)
    }

    @Test @MainActor
    func asyncVariantsMatchTheSynchronousOnes() async throws {
        for file in Self.files {
            let url = URL(filePath: Fixtures.path(file))
            let data = try Data(contentsOf: url)
            let expected = try Self.synchronousAverage(url.path)
            #expect(try await Self.codecs.averageColor(of: url) == expected)
            #expect(try await Self.codecs.averageColor(of: data) == expected)
            #expect(try await Self.codecs.probe(url) == expected.info)
            let thumbnailer = Thumbnailer(codecs: Self.codecs, options: ThumbnailOptions(maxPixelSize: 48))
            let thumbnail = try Self.synchronousThumbnail(thumbnailer, data)
            #expect(try await thumbnailer.thumbnail(of: url) == thumbnail)
        }
        await #expect(throws: ImageError.notAFileURL(url: "https://example.com/a.png")) {
            try await Self.codecs.averageColor(of: URL(string: "https://example.com/a.png")!)
        }
    }

    @Test @MainActor
    func batchFromTheMainActorTouchesMainActorState() async throws {
        let model = GalleryModel()
        var sources = try Self.files.map { try ImageSource(URL(filePath: Fixtures.path($0))) }
        sources.append(ImageSource(Data("not an image".utf8)))
        try await model.load(sources)
        #expect(model.tiles.count == 3)
        #expect(model.tiles.values.allSatisfy { max($0.width, $0.height) == 32 })
        #expect(model.failures[3]?.kind == .unknownFormat(leadingBytes: Array("not an image".utf8)))
        #expect(model.progressSeen == 4)
        #expect(try model.averageHex == Self.synchronousAverage(Fixtures.path(Self.files[0])).color.hex)
    }

    @Test func batchFromAnActorTouchesTheActorsState() async throws {
        let indexer = Indexer()
        let sources = Self.files.map { ImageSource.file(path: Fixtures.path($0)) }
        try await indexer.index(sources)
        let sizes = await indexer.sizes
        let infos = await indexer.infos
        #expect(sizes.count == 3)
        #expect(infos == (try sources.map { source throws(ImageError) in try Self.synchronousProbe(source) }))
        #expect(await indexer.thumbnailBytes > 0)
    }

    /// The main actor keeps running (its ticks keep coming) while a 48 MP JPEG is averaged: the
    /// decode runs on the global executor, not on the caller's actor. A decode on the main actor
    /// would let no tick through until it returned.
    @Test @MainActor
    func mainActorKeepsRunningDuringA48MegapixelAverage() async throws {
        let data = LargeJPEG.data
        #expect(try await Self.codecs.probe(ImageSource(data)).size == PixelSize(width: 8000, height: 6000))
        let ticker = MainActorTicker()
        ticker.start()
        let before = ticker.ticks
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await Self.codecs.averageColor(of: data, options: AverageOptions(accuracy: .exact))
        let elapsed = clock.now - start
        let during = ticker.ticks - before
        ticker.stop()
        #expect(result.isExact)
        #expect(result.decodedSize == PixelSize(width: 8000, height: 6000))
        // At most one tick per millisecond: ask for a tenth of what the elapsed time allows (and at
        // least 5) to stay clear of a loaded machine's jitter. A decode on the main actor would
        // allow none until it returned.
        let allowed = Int(elapsed / .milliseconds(1))
        #expect(during >= max(5, allowed / 10), "\(during) ticks in \(elapsed)")
    }

    @Test func cancellingStopsTheDecodeWithinABatchOfRows() async throws {
        let rowsSeen = PThreadLocked(0)
        let sampler = CancellingSampler(cancelAtRow: 40, rowsSeen: rowsSeen)
        let codecs = Self.codecs
        for file in ["photos/rocket.jpg", "photos/camera.png"] {
            rowsSeen.withLock { $0 = 0 }
            let path = Fixtures.path(file)
            let height = try await codecs.probe(.file(path: path)).height
            let task = Task.detached {
                try codecs.averageColor(of: .file(path: path), averager: MeanAverager(), sampler: sampler, accuracy: .exact)
            }
            await #expect(throws: ImageError.cancelled) { try await task.value }
            let rows = rowsSeen.withLock { $0 }
            #expect(rows >= 40 && rows <= 40 + 16, "\(file): \(rows) of \(height) rows after cancelling at 40")
            #expect(height > 40 + 16)
        }
    }

    @Test func cancellingAnAsyncAverageThrowsCancelled() async throws {
        let data = LargeJPEG.data
        let codecs = Self.codecs
        let task = Task { try await codecs.averageColor(of: data, options: AverageOptions(accuracy: .exact)) }
        // Cancelled from a Dispatch thread: a `Task.sleep` here could wait for the busy cooperative pool
        // until the decode (seconds long) had finished.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { task.cancel() }
        await #expect(throws: ImageError.cancelled) { try await task.value }
        // Cancelled before it starts: a thumbnail is not even begun.
        let thumbnailer = Thumbnailer(codecs: codecs)
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await thumbnailer.thumbnail(of: data)
        }
        await #expect(throws: ImageError.cancelled) { try await early.value }
    }
}
