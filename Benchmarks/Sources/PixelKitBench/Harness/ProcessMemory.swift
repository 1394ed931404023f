#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's resident memory, from the kernel's own accounting.
enum ProcessMemory {
    /// Current resident set size in bytes (`VmRSS`), or nil where /proc is unavailable.
    static var residentBytes: Int? { statusField("VmRSS:") }

    /// Peak resident set size in bytes since start or the last `resetPeak()` (`VmHWM`).
    static var peakResidentBytes: Int? {
        if let value = statusField("VmHWM:") { return value }
        guard let usage = ResourceUsage.process.current else { return nil }
        // Kilobytes on Linux, bytes on Darwin.
        #if os(Linux)
        return Int(usage.ru_maxrss) * 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }

    /// Resets the peak to the current size (Linux: writing 5 to /proc/self/clear_refs), so a peak
    /// read later belongs to the work done after this call. Returns false where unsupported.
    @discardableResult
    static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    private static func statusField(_ name: String) -> Int? {
        let descriptor = open("/proc/self/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int(String(digits)).map { $0 * 1024 }
        }
        return nil
    }
}
