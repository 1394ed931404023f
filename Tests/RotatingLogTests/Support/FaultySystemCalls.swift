import PixelKitPlatform
@testable import RotatingLog

/// Real system calls, except that the faults switched on fail the matching call with an errno,
/// the way a full disk or a read-only directory would (root ignores permission bits, so these
/// cannot be provoked honestly with `chmod`).
final class FaultySystemCalls: Sendable {
    enum Fault: Hashable {
        case openDenied, writeNoSpace, copyNoSpace
    }

    private let active = PThreadLocked<Set<Fault>>([])

    func set(_ fault: Fault, _ on: Bool) {
        _ = active.withLock { on ? $0.insert(fault).inserted : $0.remove(fault) != nil }
    }

    private func isOn(_ fault: Fault) -> Bool { active.withLock { $0.contains(fault) } }

    var calls: FileSystemCalls {
        var calls = FileSystemCalls.live
        let live = FileSystemCalls.live
        calls.open = { [self] path, flags, permissions in
            if isOn(.openDenied) { return .failure(.permissionDenied) }
            if isOn(.copyNoSpace), path.displayName.hasSuffix(".trimming") { return .failure(.noSpace) }
            return live.open(path, flags, permissions)
        }
        calls.write = { [self] descriptor, bytes in
            if isOn(.writeNoSpace) { return .failure(.noSpace) }
            return live.write(descriptor, bytes)
        }
        return calls
    }
}
