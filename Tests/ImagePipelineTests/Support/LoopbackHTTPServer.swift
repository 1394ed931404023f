import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the pipeline's tests, on POSIX sockets: one thread
/// accepts, one thread serves each connection (then closes it). Each path answers with a scripted
/// behaviour — a body after a delay or when released, any status, a false `Content-Length`, a
/// stall, an endless body — and the server counts the requests per path and the clients that hung up early.
final class LoopbackHTTPServer: @unchecked Sendable {
    // @unchecked: mutable state is behind `lock`; the socket is set once before the accept thread starts.
    enum Behavior: Sendable {
        /// 200 with this body (and its true `Content-Length`), after `delay`.
        case body([UInt8], delay: TimeInterval = 0)
        /// 200 with this body and no `Content-Length`: the end of the body is the connection's.
        case undeclaredLength([UInt8])
        /// This status with a short text body.
        case status(Int)
        /// 200 declaring `declaredLength` but sending `body`, then closing.
        case lyingLength(declaredLength: Int, body: [UInt8])
        /// 200 with this body once the test calls ``release(_:)`` for the path.
        case held([UInt8])
        /// Headers declaring `declaredLength` body bytes, then nothing until the client gives up.
        case stall(declaredLength: Int)
        /// 200 without a `Content-Length`, bytes forever (64 KiB a millisecond) until the client hangs up.
        case endless
        /// 200 declaring this body, sent one byte every `interval` seconds.
        case slow([UInt8], interval: TimeInterval)
        /// Reads the request, then sends nothing until the client hangs up.
        case silent
        /// 200 chunked: this body in chunks, then the connection closes without the last (empty) chunk.
        case truncatedChunked([UInt8])
        /// 200 with `Content-Encoding: gzip` and these (compressed) bytes as the body.
        case gzip([UInt8])
        /// These bytes as the whole response (a broken status line…), then the connection closes.
        case raw([UInt8])
        /// 200 with a header line of this many bytes.
        case hugeHeader(Int)
        /// 200 with this body and extra headers (`Cache-Control`, `ETag`…); a request whose
        /// `If-None-Match` equals `entityTag` gets `304 Not Modified` with the same extra headers, or
        /// with `notModifiedHeaders` (and the `ETag`) when given.
        case cacheable([UInt8], headers: [String], entityTag: String?, notModifiedHeaders: [String]? = nil)
    }

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Behavior] = [:]
    private var counts: [String: Int] = [:]
    private var order: [String] = []
    private var hangUps: [String: Int] = [:]
    private var stopped = false
    private var released: Set<String> = []
    private var conditionalRequests: [String: Int] = [:]
    private var lastHeaders: [String: [String]] = [:]

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 256) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT/path`.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func route(_ path: String, _ behavior: Behavior) {
        lock.withLock { routes[path] = behavior }
    }

    /// Requests received for `path`.
    func requests(_ path: String) -> Int { lock.withLock { counts[path, default: 0] } }

    /// Requests for `path` that carried `If-None-Match` or `If-Modified-Since`.
    func conditionalRequests(_ path: String) -> Int { lock.withLock { conditionalRequests[path, default: 0] } }

    /// The header lines of the last request for `path`.
    func lastHeaders(_ path: String) -> [String] { lock.withLock { lastHeaders[path] ?? [] } }

    /// Every request's path, in the order they arrived.
    var requestOrder: [String] { lock.withLock { order } }

    /// Connections for `path` whose client hung up before the body was complete.
    func hangUps(_ path: String) -> Int { lock.withLock { hangUps[path, default: 0] } }

    /// Lets `.held` responses for `path` go out.
    func release(_ path: String) {
        lock.withLock { _ = released.insert(path) }
    }

    func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if wasRunning {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let (path, requestHeaders) = readRequest(connection) else { return }
        let ifNoneMatch = requestHeaders.first { $0.lowercased().hasPrefix("if-none-match:") }
            .map { String($0.dropFirst("if-none-match:".count)).trimmingCharacters(in: .whitespaces) }
        let conditional = requestHeaders.contains { $0.lowercased().hasPrefix("if-none-match:") || $0.lowercased().hasPrefix("if-modified-since:") }
        let behavior = lock.withLock { () -> Behavior in
            if conditional { conditionalRequests[path, default: 0] += 1 }
            counts[path, default: 0] += 1
            lastHeaders[path] = requestHeaders
            order.append(path)
            return routes[path] ?? .status(404)
        }
        let complete: Bool
        switch behavior {
        case .body(let body, let delay):
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            complete = send(connection, header(200, length: body.count)) && send(connection, body)
        case .held(let body):
            while !isStopped && !lock.withLock({ released.contains(path) }) { Thread.sleep(forTimeInterval: 0.01) }
            complete = send(connection, header(200, length: body.count)) && send(connection, body)
        case .status(let code):
            let body = Array("status \(code)\n".utf8)
            complete = send(connection, header(code, length: body.count)) && send(connection, body)
        case .undeclaredLength(let body):
            complete = send(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nConnection: close\r\n\r\n".utf8)) && send(connection, body)
        case .lyingLength(let declared, let body):
            complete = send(connection, header(200, length: declared)) && send(connection, body)
        case .stall(let declaredLength):
            _ = send(connection, header(200, length: declaredLength))
            waitForHangUp(connection)
            complete = false
        case .endless:
            var ok = send(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nConnection: close\r\n\r\n".utf8))
            let chunk = [UInt8](repeating: 0xAB, count: 64 << 10)
            // About 64 MB/s, a fast network's pace. Unpaced, loopback outruns URLSession's delivery
            // to its delegate (which has no backpressure) on a loaded 2-core machine, and the flood
            // starves every other test's transfers for tens of seconds.
            while ok && !isStopped {
                ok = send(connection, chunk)
                usleep(1000)
            }
            complete = false
        case .slow(let body, let interval):
            var ok = send(connection, header(200, length: body.count))
            for byte in body where ok && !isStopped {
                ok = send(connection, [byte])
                Thread.sleep(forTimeInterval: interval)
            }
            complete = ok
        case .silent:
            waitForHangUp(connection)
            complete = false
        case .truncatedChunked(let body):
            var ok = send(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8))
            var offset = 0
            while ok && offset < body.count {
                let chunk = Array(body[offset..<min(body.count, offset + 4096)])
                ok = send(connection, Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + [13, 10])
                offset += chunk.count
            }
            complete = ok
        case .gzip(let body):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            complete = send(connection, Array(head.utf8)) && send(connection, body)
        case .raw(let bytes):
            complete = send(connection, bytes)
        case .hugeHeader(let size):
            let head = "HTTP/1.1 200 OK\r\nX-Padding: " + String(repeating: "a", count: size) + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            complete = send(connection, Array(head.utf8))
        case .cacheable(let body, let headers, let entityTag, let notModifiedHeaders):
            let validator = entityTag.map { ["ETag: " + $0] } ?? []
            let extra = (headers + validator).map { $0 + "\r\n" }.joined()
            if let entityTag, ifNoneMatch == entityTag {
                let notModified = ((notModifiedHeaders ?? headers) + validator).map { $0 + "\r\n" }.joined()
                complete = send(connection, Array("HTTP/1.1 304 Not Modified\r\n\(notModified)Connection: close\r\n\r\n".utf8))
            } else {
                let head = "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n\(extra)Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                complete = send(connection, Array(head.utf8)) && send(connection, body)
            }
        }
        if !complete { lock.withLock { hangUps[path, default: 0] += 1 } }
    }

    private func header(_ status: Int, length: Int) -> [UInt8] {
        Array("HTTP/1.1 \(status) Status\r\nContent-Type: image/jpeg\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n".utf8)
    }

    /// Reads up to the blank line ending the headers (at most 64 KiB) and returns the request path
    /// and header lines.
    private func readRequest(_ connection: Int32) -> (String, [String])? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 64 << 10 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress!, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if received.count >= 4, received.suffix(received.count).firstRange(of: [13, 10, 13, 10]) != nil { break }
        }
        let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        return parts.count >= 2 ? (String(parts[1]), Array(lines.dropFirst())) : nil
    }

    /// Sends all of `bytes`; false when the client has gone.
    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { socketSend(connection, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Blocks until the peer closes the connection or the server stops.
    private func waitForHangUp(_ connection: Int32) {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        while !isStopped {
            if poll(&descriptor, 1, 50) > 0 {
                if recv(connection, &byte, 1, 0) <= 0 { return }
            }
        }
    }
}

/// `send(2)`, named apart from `LoopbackHTTPServer.send`, which would shadow it.
private func socketSend(_ socket: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(socket, buffer, count, flags)
}
