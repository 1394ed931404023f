import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 that answers every GET the same way and counts
/// requests: the pipeline job's "network" (loopback), without a web framework in the benchmark.
/// Besides a fixed body it plays two hostile peers for the loader's rows: an endless body and a
/// silent server.
final class StaticHTTPServer: Sendable {
    /// How every request is answered.
    enum Behavior: Sendable {
        /// 200 with this body and its `Content-Length`.
        case body([UInt8])
        /// 200 with no length and bytes as fast as the client takes them, until `seconds` have passed
        /// or `maxBytes` are sent; then the connection is closed.
        case endless(seconds: Double, maxBytes: Int)
        /// Reads the request, answers nothing, and closes when the client does.
        case silent
    }

    let port: UInt16
    private let listener: Int32
    private let behavior: Behavior
    private let count = Mutex(0)

    convenience init(body: [UInt8]) throws {
        try self.init(behavior: .body(body))
    }

    init(behavior: Behavior) throws {
        self.behavior = behavior
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 512) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { if errno == EINTR { continue } else { return } }
                Thread { [self] in serve(connection) }.start()
            }
        }.start()
    }

    /// Requests answered so far.
    var requests: Int { count.withLock { $0 } }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65536, received.firstRange(of: [13, 10, 13, 10]) == nil {
            let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress!, $0.count, 0) }
            guard got > 0 else { return }
            received.append(contentsOf: buffer[0..<got])
        }
        count.withLock { $0 += 1 }
        switch behavior {
        case .body(let body):
            let header = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
            _ = sendAll(connection, header) && sendAll(connection, body)
        case .endless(let seconds, let maxBytes):
            guard sendAll(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nConnection: close\r\n\r\n".utf8)) else { return }
            let chunk = [UInt8](repeating: 0xAB, count: 64 << 10)
            let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            var sent = 0
            while sent < maxBytes, ContinuousClock.now < end, sendAll(connection, chunk) { sent += chunk.count }
        case .silent:
            // Until the client hangs up: its deadline is what is measured.
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
        }
    }

    /// Sends all of `bytes`; false when the client has gone.
    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
