#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw TCP client, to behave as HTTP clients are not supposed to (sending a body a byte at a time).
final class LoopbackSocket {
    let fd: Int32
    struct Failure: Error { var call: String; var code: Int32 }

    init(port: Int) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw Failure(call: "connect", code: errno) }
    }

    /// Sends every byte; a send cut short (by a reset, or the send timeout) is continued, so the
    /// error thrown is the one that stopped it.
    func transmit(_ bytes: [UInt8]) throws {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, flags) }
            guard sent > 0 else { throw Failure(call: "send", code: errno) }
            offset += sent
        }
    }

    /// Shuts down the sending side (`shutdown(SHUT_WR)`, as `nc -N` does at the end of its input):
    /// the peer reads the end of the stream, and this socket can still receive.
    func shutdownSending() throws {
        #if canImport(Glibc)
        let how = Int32(SHUT_WR)
        #else
        let how = SHUT_WR
        #endif
        guard shutdown(fd, how) == 0 else { throw Failure(call: "shutdown", code: errno) }
    }

    /// Makes a `send` that cannot proceed for `seconds` fail (`EAGAIN`) instead of blocking for ever.
    func limitSendWait(seconds: Int) throws {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        guard setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
            throw Failure(call: "setsockopt", code: errno)
        }
    }

    /// What the peer has sent and is waiting to be read, without blocking; empty if nothing or reset.
    func receiveAvailable() -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { return received }
            received += buffer.prefix(count)
        }
    }

    /// Whether the peer closed the connection (reading what it sent first) within the wait.
    func hasClosed(waitingMilliseconds: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, waitingMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count <= 0 || hasClosed(waitingMilliseconds: 0)
    }

    /// Everything the peer sends until it closes the connection or `waitingMilliseconds` pass.
    func receiveUntilClosed(waitingMilliseconds: Int) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = ContinuousClock.now + .milliseconds(waitingMilliseconds)
        while ContinuousClock.now < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        return received
    }

    deinit { close(fd) }
}
