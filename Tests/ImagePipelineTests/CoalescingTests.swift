import Foundation
import ImagePipeline
import PixelKit
import Testing

@Suite("Coalescing, cancellation and priorities against a loopback server")
struct CoalescingTests {
    @Test("100 concurrent requests for one URL make exactly 1 request and 1 decode")
    func hundredRequestsOneLoadOneDecode() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg"), delay: 0.5))
        let pipeline = TestSupport.pipeline()
        let request = ImageRequest(url: server.url("/rocket.jpg"), preparation: .gallery(maxPixelSize: 100))
        let results = try await withThrowingTaskGroup(of: PreparedImage.self) { group in
            for _ in 0..<100 { group.addTask { try await pipeline.image(for: request) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 100)
        #expect(server.requests("/rocket.jpg") == 1)
        #expect(pipeline.metrics.loads == 1)
        #expect(pipeline.metrics.decodes == 1)
        for result in results {
            // Under a starved thread pool a late request may find the result already in memory.
            #expect(result.origin == .network || result.origin == .memory)
            #expect(result.thumbnail?.size == PixelSize(width: 100, height: 67))
            #expect(result.blurHash == results[0].blurHash)
        }
        let average = try #require(results[0].averageColor)
        // Converted from the embedded Adobe RGB profile; a fast average is within 3 levels (issue 40).
        let reference = TestSupport.rocketSRGBReferenceMean
        #expect(abs(average.red - reference.red) <= 3 && abs(average.green - reference.green) <= 3 && abs(average.blue - reference.blue) <= 3)
        // The next request is a memory hit: no new load, no new decode.
        let again = try await pipeline.image(for: request)
        #expect(again.origin == .memory)
        #expect(server.requests("/rocket.jpg") == 1 && pipeline.metrics.decodes == 1)
    }

    @Test("Different preparations of one URL share the download but not the decode")
    func preparationsShareDownload() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg"), delay: 0.4))
        // With a disk cache, a preparation that starts after the shared download ended still needs none.
        let pipeline = TestSupport.pipeline(diskCache: try DiskCache(directory: try TestSupport.scratchDirectory()))
        let url = server.url("/rocket.jpg")
        async let small = pipeline.image(for: ImageRequest(url: url, preparation: ImagePreparation(thumbnail: .init(maxPixelSize: 64))))
        async let large = pipeline.image(for: ImageRequest(url: url, preparation: ImagePreparation(thumbnail: .init(maxPixelSize: 320))))
        async let original = pipeline.data(for: ImageRequest(url: url))
        let (a, b, bytes) = try await (small, large, original)
        #expect(a.thumbnail?.size == PixelSize(width: 64, height: 43))
        #expect(b.thumbnail?.size == PixelSize(width: 320, height: 214))
        #expect(bytes == (try TestSupport.fixture("rocket.jpg")))
        #expect(server.requests("/rocket.jpg") == 1)
        #expect(pipeline.metrics.decodes == 2)
    }

    @Test("Cancelling 99 of 100 waiters leaves the last one's result intact, and they return at once")
    func cancellingAllButOne() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .held(try TestSupport.fixture("rocket.jpg")))
        let pipeline = TestSupport.pipeline(timeout: .seconds(600))
        let request = ImageRequest(url: server.url("/rocket.jpg"), preparation: .gallery(maxPixelSize: 100))
        let cancelled = (0..<99).map { _ in Task { await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.image(for: request) } } }
        let survivor = Task { try await pipeline.image(for: request) }
        #expect(await TestSupport.eventually { server.requests("/rocket.jpg") == 1 })
        for task in cancelled { task.cancel() }
        var errors: [ImagePipelineError?] = []
        for task in cancelled { errors.append(await task.value) }
        // Every cancelled caller came back with `.cancelled` while the server still held the response.
        #expect(errors.allSatisfy { $0 == .cancelled })
        #expect(pipeline.metrics.decodes == 0)
        server.release("/rocket.jpg")
        let result = try await survivor.value
        #expect(result.thumbnail?.size == PixelSize(width: 100, height: 67))
        #expect(result.averageColor != nil && result.blurHash != nil)
        #expect(server.requests("/rocket.jpg") == 1)
        #expect(server.hangUps("/rocket.jpg") == 0)
    }

    @Test("Cancelling every waiter cancels the download itself")
    func cancellingAllCancelsDownload() async throws {
        let server = try LoopbackHTTPServer()
        // Headers, then nothing: with a 600 s timeout only a cancellation can end the transfer.
        server.route("/stall.jpg", .stall(declaredLength: 1000))
        let pipeline = TestSupport.pipeline(timeout: .seconds(600))
        let request = ImageRequest(url: server.url("/stall.jpg"))
        let tasks = (0..<10).map { _ in Task { await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.image(for: request) } } }
        #expect(await TestSupport.eventually { server.requests("/stall.jpg") == 1 })
        for task in tasks { task.cancel() }
        for task in tasks { #expect(await task.value == .cancelled) }
        #expect(await TestSupport.eventually { server.hangUps("/stall.jpg") == 1 })
        #expect(server.requests("/stall.jpg") == 1)
    }

    @Test("Queued work runs user-visible first, then the prefetches; cancelPrefetch drops queued work")
    func prioritiesOrderTheQueue() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        for path in ["/a", "/b", "/c", "/visible"] { server.route(path, .body(rocket)) }
        server.route("/busy", .held(rocket))
        let pipeline = TestSupport.pipeline(maxConcurrentLoads: 1)
        let busy = Task { try await pipeline.data(for: ImageRequest(url: server.url("/busy"))) }
        #expect(await TestSupport.eventually { server.requests("/busy") == 1 })
        let prefetched = ["/a", "/b", "/c"].map { ImageRequest(url: server.url($0), preparation: .placeholder) }
        pipeline.prefetch(prefetched)
        #expect(await TestSupport.eventually { pipeline.metrics.queuedLoads == 3 })
        pipeline.cancelPrefetch([prefetched[2]])
        #expect(await TestSupport.eventually { pipeline.metrics.queuedLoads == 2 })
        let visible = Task { try await pipeline.image(for: ImageRequest(url: server.url("/visible"), preparation: .placeholder)) }
        #expect(await TestSupport.eventually { pipeline.metrics.queuedLoads == 3 })
        server.release("/busy")
        _ = try await busy.value
        _ = try await visible.value
        // Each prefetch task joins the queue when it first runs, so the two may queue in either order.
        #expect(await TestSupport.eventually { server.requests("/a") == 1 && server.requests("/b") == 1 })
        let order = server.requestOrder
        #expect(Array(order.prefix(2)) == ["/busy", "/visible"], "requests: \(order)")
        #expect(Set(order.dropFirst(2)) == ["/a", "/b"] && order.count == 4, "requests: \(order)")
        // Both prefetches finish (in either order: their decodes may run side by side).
        #expect(await TestSupport.eventually { prefetched.prefix(2).allSatisfy { pipeline.memoryCache.value(forKey: PreparedImageKey($0)) != nil } })
        let warmed = try await pipeline.image(for: prefetched[0])
        #expect(warmed.origin == .memory)
        #expect(warmed.blurHash != nil)
    }

    @Test("A user-visible request joining a queued prefetch moves it ahead of the other prefetches")
    func joiningRaisesPriority() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        for path in ["/a", "/b", "/c"] { server.route(path, .body(rocket)) }
        server.route("/busy", .held(rocket))
        let pipeline = TestSupport.pipeline(maxConcurrentLoads: 1)
        let busy = Task { try await pipeline.data(for: ImageRequest(url: server.url("/busy"))) }
        #expect(await TestSupport.eventually { server.requests("/busy") == 1 })
        let prefetched = ["/a", "/b", "/c"].map { ImageRequest(url: server.url($0), preparation: .placeholder) }
        pipeline.prefetch(prefetched)
        #expect(await TestSupport.eventually { pipeline.metrics.queuedLoads == 3 })
        // The same source and preparation as the queued prefetch of /c: it joins that work.
        var visibleRequest = prefetched[2]
        visibleRequest.priority = .userVisible
        let visible = Task { [visibleRequest] in try await pipeline.image(for: visibleRequest) }
        // busy + three prefetches + the visible request, and still three queued loads: it joined.
        #expect(await TestSupport.eventually { pipeline.metrics.waitingRequests == 5 })
        #expect(pipeline.metrics.queuedLoads == 3)
        server.release("/busy")
        _ = try await busy.value
        #expect(try await visible.value.blurHash != nil)
        #expect(await TestSupport.eventually { server.requests("/a") == 1 && server.requests("/b") == 1 })
        #expect(Array(server.requestOrder.prefix(2)) == ["/busy", "/c"])
        #expect(server.requests("/c") == 1)
    }
}
