import Foundation

/// The kernel's resource accounting (`getrusage`) of this process, or of the children it has
/// started and waited for.
enum ResourceUsage {
    case process
    case waitedChildren

    /// The figures now, or nil if `getrusage` failed.
    var current: rusage? {
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t((self == .process ? RUSAGE_SELF : RUSAGE_CHILDREN).rawValue)
        #else
        let who = self == .process ? RUSAGE_SELF : RUSAGE_CHILDREN
        #endif
        return getrusage(who, &usage) == 0 ? usage : nil
    }

    /// User plus system CPU time so far, in nanoseconds (NaN if `getrusage` failed).
    var cpuNanoseconds: Double {
        guard let usage = current else { return .nan }
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        return seconds * 1e9 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e3
    }
}
