import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import PixelKit
import PixelKitPNG
import Testing

@Suite("The service as a process", .serialized)
struct ServiceProcessTests {
    /// A distinct PNG of random pixels (about 200 KB), so every upload is a new image.
    static func randomPNG(seed: UInt64) throws -> [UInt8] {
        var generator = SplitMix64(state: seed)
        let pixels = (0..<(160 * 160 * 4)).map { index in index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: generator.next()) }
        return try PNGCodec().encode(RGBAImage(width: 160, height: 160, pixels: pixels), options: EncodeOptions())
    }

    @Test("SIGKILL during uploads loses no acknowledged image, and leaves only whole objects")
    func crashDuringUploads() async throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let first = try ServiceProcess(storage: storage)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let acknowledged = AcknowledgedIDs()
        // Four clients upload new images as fast as they can; the service is killed under them.
        let uploaders = (0..<4).map { worker in
            Task {
                var sequence: UInt64 = 0
                while !Task.isCancelled {
                    sequence += 1
                    let png = try ServiceProcessTests.randomPNG(seed: UInt64(worker) << 32 | sequence)
                    var request = HTTPClientRequest(url: first.baseURL + "/v1/images")
                    request.method = .POST
                    request.body = .bytes(ByteBuffer(bytes: png))
                    guard let response = try? await client.execute(request, timeout: .seconds(30)) else { return }
                    let body = try? await response.body.collect(upTo: 1 << 20)
                    if response.status == .created || response.status == .ok, let body,
                       let record = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
                       let id = record["id"] as? String {
                        await acknowledged.add(id, bytes: png)
                    }
                }
            }
        }
        while await acknowledged.count < 12 { try await Task.sleep(for: .milliseconds(20)) }
        first.kill()
        for uploader in uploaders { uploader.cancel(); _ = await uploader.result }

        // Whatever the kill interrupted, every object file is complete: its name is its SHA-256.
        let objects = TestSupport.files(under: storage + "/objects").filter { !$0.contains("/.tmp-") }
        for object in objects where !object.hasSuffix(".json") {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: storage + "/objects/" + object)))
            #expect(TestSupport.sha256(bytes) == String(object.split(separator: "/").last!))
        }

        let second = try ServiceProcess(storage: storage)
        defer { second.kill() }
        let images = await acknowledged.images
        #expect(images.count >= 12)
        for (id, bytes) in images {
            let record = try await client.execute(HTTPClientRequest(url: "\(second.baseURL)/v1/images/\(id)"), timeout: .seconds(10))
            #expect(record.status == .ok)
            let original = try await client.execute(HTTPClientRequest(url: "\(second.baseURL)/v1/images/\(id)/original"), timeout: .seconds(10))
            #expect(original.status == .ok)
            #expect(Array(try await original.body.collect(upTo: 1 << 20).readableBytesView) == bytes)
        }
        try await client.shutdown()
    }

    @Test("a chunked body past the limit is answered 413 and the connection closed: the service stops reading, so the client's writes fail")
    func oversizedChunkedBodyStopsReading() throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let limit = 1_000_000
        let service = try ServiceProcess(storage: storage, arguments: ["--max-upload-bytes", String(limit)])
        defer { service.kill() }
        let socket = try LoopbackSocket(port: service.port)
        // A service that stopped reading without closing would leave the client blocked: that is EAGAIN after 5 s.
        try socket.limitSendWait(seconds: 5)
        try socket.transmit(Array("POST /v1/images HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        let chunkSize = 64 << 10
        let chunk = Array("\(String(chunkSize, radix: 16))\r\n".utf8) + [UInt8](repeating: 0x42, count: chunkSize) + Array("\r\n".utf8)
        // Up to 256 MB, read as the service answers. A service that read and discarded the rest would take all of it.
        var sent = 0
        var response: [UInt8] = []
        var failure: LoopbackSocket.Failure?
        while sent < 256 << 20 {
            do { try socket.transmit(chunk) } catch let error as LoopbackSocket.Failure { failure = error; break }
            sent += chunkSize
            response += socket.receiveAvailable()
        }
        response += socket.receiveAvailable()
        #expect(String(decoding: response, as: UTF8.self).hasPrefix("HTTP/1.1 413 "), "\(String(decoding: response.prefix(200), as: UTF8.self))")
        #expect([EPIPE, ECONNRESET].contains(try #require(failure).code), "\(String(describing: failure))")
        // What the service may have taken past the limit: the two sockets' buffers (a few MB each on loopback).
        #expect(sent < limit + (32 << 20), "sent \(sent) bytes")
        #expect(TestSupport.files(under: storage).isEmpty)
    }

    @Test("--formats restricts the formats taken: a GIF is refused by name, a PNG stored; an unknown name stops the start")
    func formatsOption() async throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let service = try ServiceProcess(storage: storage, arguments: ["--formats", "png,jpeg"])
        defer { service.kill() }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        for (name, status, message) in [("test.colors.gif", 415, "a gif image is not accepted here: upload an image in one of these formats: png, jpeg"),
                                        ("basn2c08.png", 201, nil)] {
            var request = HTTPClientRequest(url: "\(service.baseURL)/v1/images")
            request.method = .POST
            request.body = .bytes(try TestSupport.fixture(name))
            let response = try await client.execute(request, timeout: .seconds(60))
            #expect(Int(response.status.code) == status, "\(name)")
            let body = try await response.body.collect(upTo: 1 << 20)
            if let message { #expect(try TestSupport.json(body)["error"] as? String == message) }
        }
        try await client.shutdown()
        #expect(throws: ServiceProcess.StartError.self) { _ = try ServiceProcess(storage: storage, arguments: ["--formats", "png,bmp"]) }
    }

    @Test("a client sending one byte at a time is cut off when the upload timeout passes")
    func slowClient() throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let service = try ServiceProcess(storage: storage, arguments: ["--upload-timeout", "1"])
        defer { service.kill() }
        let socket = try LoopbackSocket(port: service.port)
        try socket.transmit(Array("POST /v1/images HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n".utf8))
        let started = Date()
        var closed = false
        for _ in 0..<100 {
            guard (try? socket.transmit([0x89])) != nil else { closed = true; break }
            if socket.hasClosed(waitingMilliseconds: 100) { closed = true; break }
        }
        #expect(closed)
        #expect(Date().timeIntervalSince(started) < 8)
        #expect(TestSupport.files(under: storage + "/objects").isEmpty)
    }
}

/// Image ids acknowledged with 201 or 200, and the bytes uploaded.
actor AcknowledgedIDs {
    private(set) var images: [String: [UInt8]] = [:]
    var count: Int { images.count }
    func add(_ id: String, bytes: [UInt8]) { images[id] = bytes }
}

/// A small deterministic generator for test images.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
