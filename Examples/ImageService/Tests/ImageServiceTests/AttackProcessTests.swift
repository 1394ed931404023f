import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

/// The hostile run's findings that need a real server: broken framing, a client that leaves, an
/// upload whose decode outlasts the upload timeout.
@Suite("Under attack, as a process", .serialized)
struct AttackProcessTests {
    static func metric(_ name: String, of service: ServiceProcess, client: HTTPClient) async throws -> Double {
        let response = try await client.execute(HTTPClientRequest(url: service.baseURL + "/metrics"), timeout: .seconds(10))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }?.split(separator: " ").last.flatMap { Double($0) } ?? 0
    }

    @Test("malformed framing is answered 400 or the connection closed, never 500, and logged below error level",
          arguments: [
            ("Transfer-Encoding: xchunked\r\n\r\n", "4\r\nabcd\r\n0\r\n\r\n"),
            ("Transfer-Encoding: chunked\r\n\r\n", "zz\r\nabcd\r\n0\r\n\r\n"),
            ("Transfer-Encoding: chunked\r\n\r\n", "12345678901234567890\r\nabcd\r\n0\r\n\r\n"),
            ("Transfer-Encoding: chunked\r\n\r\n", "10\r\nabcd\r\n0\r\n\r\n"),
          ])
    func malformedFraming(headers: String, body: String) throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let log = storage + ".log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let service = try ServiceProcess(storage: storage, logPath: log)
        defer { service.kill() }
        let socket = try LoopbackSocket(port: service.port)
        try socket.transmit(Array("POST /v1/images HTTP/1.1\r\nHost: x\r\n\(headers)\(body)".utf8))
        let answer = String(decoding: socket.receiveUntilClosed(waitingMilliseconds: 5000), as: UTF8.self)
        #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(300))")
        #expect(!answer.contains(" 500 "), "\(answer.prefix(300))")
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(!logged.contains(" error "), "\(logged)")
    }

    @Test("a client that goes away while its upload decodes cancels the decode")
    func departedClientCancelsItsDecode() async throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let service = try ServiceProcess(storage: storage, arguments: ["--max-concurrent-decodes", "1", "--decode-timeout", "120"])
        defer { service.kill() }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown() }
        let slow = SlowPNG.make()
        do {
            let socket = try LoopbackSocket(port: service.port)
            try socket.transmit(Array("POST /v1/images HTTP/1.1\r\nHost: x\r\nContent-Length: \(slow.count)\r\n\r\n".utf8) + slow)
            #expect(try await AttackTests.eventually(within: 30) {
                try await Self.metric("image_service_decodes_running", of: service, client: client) == 1
            })
        } // The socket closes here.
        #expect(try await AttackTests.eventually(within: 10) {
            try await Self.metric("image_service_decodes_cancelled_total", of: service, client: client) == 1
        })
        #expect(try await AttackTests.eventually(within: 10) {
            try await Self.metric("image_service_decodes_running", of: service, client: client) == 0
        })
        #expect(TestSupport.files(under: storage + "/objects").isEmpty)
    }

    /// Issue 43, row 6: `nc -N` shuts down its sending side after the upload and waits for the
    /// answer; the service took that for a departure: 499, and 20 of 20 valid JPEGs were not stored.
    @Test("a client that half-closes after a complete upload gets its answer, and the image is stored")
    func halfClosedClientIsAnswered() throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let service = try ServiceProcess(storage: storage)
        defer { service.kill() }
        let photo = try TestSupport.fixture("rocket.jpg")
        for _ in 0..<3 {
            let socket = try LoopbackSocket(port: service.port)
            try socket.transmit(Array("POST /v1/images HTTP/1.1\r\nHost: x\r\nContent-Length: \(photo.count)\r\n\r\n".utf8) + photo)
            try socket.shutdownSending()
            let answer = String(decoding: socket.receiveUntilClosed(waitingMilliseconds: 60_000), as: UTF8.self)
            // An interim 102 may come first; the final answer is the stored image's.
            let final = answer.components(separatedBy: "\r\n\r\n").first { !$0.hasPrefix("HTTP/1.1 102") } ?? ""
            #expect(final.hasPrefix("HTTP/1.1 201 ") || final.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(300))")
        }
        let id = TestSupport.sha256(photo)
        #expect(TestSupport.files(under: storage + "/objects").contains("\(id.prefix(2))/\(id).json"))
    }

    @Test("an upload whose decode outlasts --upload-timeout is answered (422 at its deadline), not cut off; an upload that finds no slot gets 503 with Retry-After")
    func uploadIsAnsweredNotReset() async throws {
        let storage = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(storage) }
        let service = try ServiceProcess(storage: storage, arguments: [
            "--upload-timeout", "1", "--decode-timeout", "5", "--max-concurrent-decodes", "1", "--max-queued-decodes", "0",
        ])
        defer { service.kill() }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown() }
        let slow = SlowPNG.make()
        let small = try TestSupport.fixture("basn2c08.png")
        func upload(_ image: [UInt8]) async throws -> (status: UInt, retryAfter: [String], body: String) {
            var request = HTTPClientRequest(url: service.baseURL + "/v1/images")
            request.method = .POST
            request.body = .bytes(ByteBuffer(bytes: image))
            let response = try await client.execute(request, timeout: .seconds(60))
            return (response.status.code, response.headers["Retry-After"], String(buffer: try await response.body.collect(upTo: 1 << 20)))
        }
        let first = Task { try await upload(slow) }
        var running = 0.0
        #expect(try await AttackTests.eventually(within: 30) {
            running = try await Self.metric("image_service_decodes_running", of: service, client: client)
            return running == 1
        }, "decodes running: \(running)")
        let (status, retryAfter, _) = try await upload(small)
        #expect(status == 503)
        #expect(retryAfter == ["1"])
        let (firstStatus, _, body) = try await first.value
        #expect(firstStatus == 422)
        #expect(body.contains("deadline of 5 s"), "\(body)")
        #expect(TestSupport.files(under: storage + "/objects").isEmpty)
    }
}
