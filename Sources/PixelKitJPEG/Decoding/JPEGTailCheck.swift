import PixelKit
import PixelKitPlatform

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
    /// input's last `searchedBytes` bytes and the decode did not already say so. A file that cannot be
    /// read again adds nothing (the decode itself read it).
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
        case .file(let source):
            guard let descriptor = try? source.openRegularFile() else { return nil }
            let calls = FileSystemCalls.live
            defer { calls.close(descriptor) }
            guard case .success(let status) = calls.status(descriptor) else { return nil }
            let count = Int(min(status.size, Int64(searchedBytes)))
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let result = bytes.withUnsafeMutableBytes { buffer in
                    calls.readAtRetrying(
                        descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), status.size - Int64(count) + Int64(filled))
                }
                guard case .success(let read) = result, read > 0 else { return nil }
                filled += read
            }
            return bytes
        }
    }
}
