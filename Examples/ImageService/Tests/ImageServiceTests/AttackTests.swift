import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PixelKit
import Testing
@testable import ImageServiceCore

/// The hostile run's findings (slow images holding every decode thread, a health check that saw
/// nothing, wrong statuses), each replayed against the router.
@Suite("Under attack")
struct AttackTests {
    /// Polls `condition` every 20 ms for at most `seconds`; returns whether it came true.
    static func eventually(within seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < end {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    static func number(_ name: String, from client: any TestClientProtocol) async throws -> Double {
        try await TestSupport.metric(name, from: client).flatMap(Double.init) ?? 0
    }

    @Test("a decode past --decode-timeout is answered 422 naming the deadline, is stopped, counted, and nothing is stored")
    func deadline() async throws {
        let slow = SlowPNG.make()
        // A rate at which any upload is admitted: the decode itself must run into the deadline here
        // (an estimate past it is refused before the slot, ImageRoutesTests).
        try await TestSupport.withService(decodeTimeout: .milliseconds(300), decodeRate: 1 << 40) { client, storage in
            let response = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: slow)) { $0 }
            #expect(response.status == .unprocessableContent)
            #expect(try TestSupport.json(response.body)["error"] as? String == "limit exceeded: decoding took longer than its deadline of 0.3 s")
            #expect(TestSupport.files(under: storage).isEmpty)
            #expect(try await Self.number("image_service_decode_deadlines_exceeded_total", from: client) == 1)
            // The decode itself stopped and gave its slot back (a bound for a loaded machine, not a speed test).
            #expect(try await Self.eventually(within: 10) { try await Self.number("image_service_decodes_running", from: client) == 0 })
        }
    }

    @Test("while every decode slot is busy, records, originals and stored thumbnails are served without waiting for a decode")
    func filesServedWhileDecodesRun() async throws {
        let photo = try TestSupport.fixture("rocket.jpg")
        let id = TestSupport.sha256(photo)
        let slow = SlowPNG.make()
        // As many slow decodes as NIO's shared pool has threads: the old service decoded there, so its file reads waited.
        let slots = System.coreCount
        try await TestSupport.withService(thumbnailCacheBytes: 0, maxConcurrentDecodes: slots, decodeTimeout: .seconds(120)) { (client, _) async throws -> Void in
            #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: photo)) { $0.status } == .created)
            #expect(try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .get) { $0.status } == .ok)
            let uploads = (0..<slots).map { _ in
                Task { try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: slow)) { $0.status } }
            }
            defer { for upload in uploads { upload.cancel() } }
            #expect(try await Self.eventually(within: 30) {
                try await Self.number("image_service_decodes_running", from: client) == Double(slots)
            })
            for path in ["/v1/images/\(id)", "/v1/images/\(id)/original", "/v1/images/\(id)/thumbnail?size=512"] {
                #expect(try await client.execute(uri: path, method: .get) { $0.status } == .ok, "\(path)")
            }
            // Served while the decodes still ran: nothing waited for them.
            #expect(try await Self.number("image_service_decodes_running", from: client) == Double(slots))
            for upload in uploads { upload.cancel() }
            for upload in uploads { _ = await upload.result }
        }
    }

    /// Issue 43, row 17: the thumbnail an upload makes was kept only in memory, so a freshly started
    /// service rendered it again behind the decode slots (2.6 s behind two slow uploads).
    @Test("the thumbnail made at upload is stored: asked when not in memory, it needs no decode slot")
    func uploadThumbnailNeedsNoSlot() async throws {
        let photo = try TestSupport.fixture("rocket.jpg")
        let id = TestSupport.sha256(photo)
        let slow = SlowPNG.make()
        // No memory cache, one slot, no queue: a request that needed a decode now would be 503.
        try await TestSupport.withService(thumbnailCacheBytes: 0, maxConcurrentDecodes: 1, maxQueuedDecodes: 0, decodeTimeout: .seconds(120)) { (client, _) async throws -> Void in
            #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: photo)) { $0.status } == .created)
            let upload = Task { try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: slow)) { $0.status } }
            defer { upload.cancel() }
            #expect(try await Self.eventually(within: 30) {
                try await Self.number("image_service_decodes_running", from: client) == 1
            })
            let thumbnail = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=\(ImageRoutes.thumbnailSizes.min()!)", method: .get) { $0 }
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            upload.cancel()
            _ = await upload.result
        }
    }

    @Test("/health is 503 with a reason while the decode queue is full, and 200 once it drains")
    func healthTellsTheTruth() async throws {
        let slow = SlowPNG.make()
        try await TestSupport.withService(maxConcurrentDecodes: 1, maxQueuedDecodes: 1, decodeTimeout: .seconds(120)) { (client, _) async throws -> Void in
            let healthy = try await client.execute(uri: "/health", method: .get) { $0 }
            #expect(healthy.status == .ok)
            #expect(try TestSupport.json(healthy.body)["status"] as? String == "ok")
            let uploads = (0..<2).map { _ in
                Task { try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: slow)) { $0.status } }
            }
            defer { for upload in uploads { upload.cancel() } }
            #expect(try await Self.eventually(within: 30) {
                try await Self.number("image_service_decode_queue_depth", from: client) == 1
            })
            let busy = try await client.execute(uri: "/health", method: .get) { $0 }
            #expect(busy.status == .serviceUnavailable)
            let report = try TestSupport.json(busy.body)
            #expect(report["status"] as? String == "busy")
            #expect((report["reason"] as? String)?.contains("queue is full") == true)
            // A third upload is turned away at once, with Retry-After.
            let refused = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: slow)) { $0 }
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(try await Self.number("image_service_decodes_rejected_total", from: client) == 1)
            for upload in uploads { upload.cancel() }
            for upload in uploads { _ = await upload.result }
            #expect(try await Self.eventually(within: 10) {
                try await client.execute(uri: "/health", method: .get) { $0.status } == .ok
            })
        }
    }

    @Test("a known route asked with another method is 405 with Allow; an unknown path stays 404")
    func methodNotAllowed() async throws {
        let id = String(repeating: "ab", count: 32)
        try await TestSupport.withService { client, _ in
            for (path, method, allowed) in [
                ("/v1/images/\(id)", HTTPRequest.Method.delete, "GET, HEAD"), ("/v1/images/\(id)", .put, "GET, HEAD"),
                ("/v1/images/\(id)/original", .post, "GET, HEAD"), ("/v1/images/\(id)/thumbnail", .delete, "GET, HEAD"),
                ("/v1/images", .get, "POST"), ("/v1/images", .head, "POST"), ("/v1/images", .delete, "POST"), ("/health", .post, "GET, HEAD"),
                ("/metrics", .put, "GET, HEAD"),
            ] {
                let response = try await client.execute(uri: path, method: method) { $0 }
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allowed, "\(method) \(path)")
                if method == .head {
                    #expect(response.body.readableBytes == 0)
                } else {
                    #expect(try TestSupport.json(response.body)["error"] != nil)
                }
            }
            #expect(try await client.execute(uri: "/v2/images", method: .delete) { $0.status } == .notFound)
            #expect(try await client.execute(uri: "/v1/images/\(id)/other", method: .get) { $0.status } == .notFound)
        }
    }

    @Test("accepted means servable: a baseline JPEG whose scan appears twice is refused at upload with the decoder's message; an accepted image renders every size")
    func acceptedMeansServable() async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        let twice = try Self.repeatingTheScan(of: rocket)
        try await TestSupport.withService { client, storage in
            let refused = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: twice)) { $0 }
            #expect(refused.status == .unprocessableContent)
            let message = try #require(try TestSupport.json(refused.body)["error"] as? String)
            #expect(message.hasPrefix("malformed jpeg") || message.hasPrefix("truncated jpeg"), "\(message)")
            #expect(TestSupport.files(under: storage).isEmpty)

            #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0.status } == .created)
            for size in ImageRoutes.thumbnailSizes.sorted() {
                let thumbnail = try await client.execute(uri: "/v1/images/\(TestSupport.sha256(rocket))/thumbnail?size=\(size)", method: .get) { $0 }
                #expect(thumbnail.status == .ok, "\(size)")
            }
        }
    }

    /// `jpeg` with its (only) scan written twice before EOI, headers walked segment by segment.
    static func repeatingTheScan(of jpeg: [UInt8]) throws -> [UInt8] {
        var position = 2
        while jpeg[position + 1] != 0xDA {
            try #require(jpeg[position] == 0xFF)
            position += 2 + Int(jpeg[position + 2]) << 8 + Int(jpeg[position + 3])
        }
        try #require(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        let end = jpeg.count - 2
        return Array(jpeg[..<end]) + Array(jpeg[position..<end]) + [0xFF, 0xD9]
    }
}
