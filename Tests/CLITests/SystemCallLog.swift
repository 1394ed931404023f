import Foundation

/// The calls `strace -ff -o PREFIX` logged, one file per thread (`PREFIX.PID`), each call on one line.
struct SystemCallLog {
    /// An `open`, `openat` or `openat2` of a path and the descriptor it returned (nil when it failed).
    struct Open {
        var line: String
        var descriptor: Int?
    }

    let lines: [String]

    init(folder: URL, prefix: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix + ".") }
        lines = try names.sorted().flatMap { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map(String.init)
        }
    }

    /// The opens naming `path`.
    func opens(of path: String) -> [Open] {
        lines.filter { $0.hasPrefix("open") && $0.contains("\"\(path)\"") }.map { line in
            Open(line: line, descriptor: Self.result(of: line).flatMap { $0 >= 0 ? $0 : nil })
        }
    }

    /// The `pread64` calls on `descriptor` at `offset`.
    func positionedReads(of descriptor: Int, at offset: Int) -> [String] {
        lines.filter { line in
            // pread64(FD, ""..., COUNT, OFFSET)   = RESULT
            guard line.hasPrefix("pread64(\(descriptor), "), let arguments = Self.split(line)?.arguments else { return false }
            return arguments.hasSuffix(", \(offset)")
        }
    }

    /// The integer a call returned (`… = N`), if it returned one.
    private static func result(of line: String) -> Int? {
        guard let result = split(line)?.result else { return nil }
        return Int(result.prefix { $0 == "-" || $0.isNumber })
    }

    /// A call's line as its arguments (inside the parentheses) and what follows `=` (strace pads
    /// the space between them to a column).
    private static func split(_ line: String) -> (arguments: Substring, result: Substring)? {
        guard let equals = line.range(of: " = ", options: .backwards) else { return nil }
        let call = line[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
        guard call.hasSuffix(")"), let open = call.firstIndex(of: "(") else { return nil }
        return (call[call.index(after: open)..<call.index(before: call.endIndex)][...], line[equals.upperBound...])
    }
}
