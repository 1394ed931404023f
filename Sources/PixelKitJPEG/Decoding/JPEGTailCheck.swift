import PixelKit

/// What a lenient reduced decode (the DC-scan shortcut, the split decoder) can see cheaply of the
/// part of the file it did not read: whether an EOI marker (FF D9) is among the file's last bytes.
/// A file cut short (a truncated download) has none, and libjpeg's full decode would warn
/// "Premature end of JPEG file"; the reduced decode, having stopped before the end, would not.
/// Strict decodes never need it: they go through libjpeg, which reads to EOI (Docs/Security.md,
/// "One verdict").
enum JPEGTailCheck {
    /// How many of the last bytes are searched: encoders write EOI last, some tools append a little
    /// (padding, a trailer) after it, which libjpeg ignores.
    static let searchedBytes = 4096

    /// The warning libjpeg gives a file that ends before EOI.
    static let missingEOI = "Premature end of JPEG file"

    /// The warnings to add to a reduced decode's `warnings`: `missingEOI` when no EOI is among the
    /// input's last `searchedBytes` bytes and the decode did not already say so. A file whose tail
    /// cannot be read (truncated since it was opened, a read error) adds nothing (the decode itself read it).
    static func warnings(_ input: JPEGDecompressor.Input, afterWarnings existing: [DecodeWarning]) -> [DecodeWarning] {
        let warning = DecodeWarning(format: .jpeg, message: missingEOI)
        guard !existing.contains(warning), let tail = tail(of: input), !containsEOI(tail) else { return [] }
        return [warning]
    }

    /// Whether `bytes` hold FF D9.
    static func containsEOI(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        return (0..<(bytes.count - 1)).contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 }
    }

    /// The input's last `searchedBytes` bytes (fewer for a shorter input); nil when a file cannot be read.
    private static func tail(of input: JPEGDecompressor.Input) -> [UInt8]? {
        switch input {
        case .memory(let bytes):
            return Array(bytes.suffix(searchedBytes))
        case .file(let file):
            // The decode's own opening (`pread` at the size it had when opened), not a second open.
            let count = min(file.size, searchedBytes)
            guard let bytes = try? file.bytes(at: file.size - count, count: count), bytes.count == count else { return nil }
            return bytes
        }
    }
}
