#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
@testable import ImageServiceCore

/// Storage calls that fail with a chosen `errno` for paths containing a chosen text, until cleared;
/// every other call is the system's.
final class FaultyDisk: Sendable {
    private struct Fault { var code: Int32; var pathContaining: String; var call: String }
    private let fault = Mutex<Fault?>(nil)

    /// Makes `call` (`write` or `fsync`) fail with `code` on paths containing `pathContaining`.
    func fail(_ call: String, with code: Int32, onPathsContaining pathContaining: String) {
        fault.withLock { $0 = Fault(code: code, pathContaining: pathContaining, call: call) }
    }

    /// Lets every call through again (space was freed).
    func clear() {
        fault.withLock { $0 = nil }
    }

    /// The `errno` the call should fail with, if any.
    private func injected(_ call: String, path: String) -> Int32? {
        fault.withLock { fault in
            guard let fault, fault.call == call, path.contains(fault.pathContaining) else { return nil }
            return fault.code
        }
    }

    var calls: StorageCalls {
        StorageCalls(
            write: { fd, bytes, path in
                if let code = self.injected("write", path: path) { errno = code; return -1 }
                return StorageCalls.system.write(fd, bytes, path)
            },
            sync: { fd, path in
                if let code = self.injected("fsync", path: path) { errno = code; return -1 }
                return StorageCalls.system.sync(fd, path)
            })
    }
}
