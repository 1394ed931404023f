import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 that answers every GET with the same body and counts
/// requests: the pipeline job's "network" (loopback), without a web framework in the benchmark.
final class StaticHTTPServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let body: [UInt8]
    private let count = Mutex(0)

    init(body: [UInt8]) throws {
        self.body = body
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
        let header = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        for part in [header, body] {
            var offset = 0
            while offset < part.count {
                let sent = part.withUnsafeBytes { send(connection, $0.baseAddress! + offset, part.count - offset, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
