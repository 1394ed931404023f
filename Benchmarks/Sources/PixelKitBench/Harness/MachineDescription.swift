#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line describing the machine the figures come from.
enum MachineDescription {
    static var summary: String {
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        let memory = Double(sysconf(Int32(_SC_PHYS_PAGES))) * Double(sysconf(Int32(_SC_PAGESIZE))) / Double(1 << 30)
        var name = utsname()
        uname(&name)
        let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let memoryText = String(Int(memory.rounded()))
        return "\(cpuModel ?? machine), \(cores) cores, \(memoryText) GiB, \(system) \(machine)"
    }

    private static var cpuModel: String? {
        let descriptor = open("/proc/cpuinfo", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":") else { return nil }
        return line[line.index(after: colon)...].trimmingPrefix(" ").description
    }
}
