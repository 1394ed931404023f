/// A file name as the operating system sees it: bytes, not necessarily UTF-8, without a NUL.
///
/// Swift `String`s repair invalid UTF-8, so a name such as `bad\xFFname.jpg` (which Linux accepts)
/// cannot survive a round trip through one. The package keeps such names as bytes from `argv` or
/// `readdir` to the `open(2)` call.
package struct PlatformPath: Sendable, Hashable {
    /// The name's bytes, without a terminating NUL.
    package let bytes: [UInt8]

    /// The UTF-8 bytes of `string`.
    package init(_ string: String) { bytes = Array(string.utf8) }

    /// The given bytes, exactly.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// For messages: the name with invalid UTF-8 replaced by U+FFFD.
    package var displayName: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the name is usable at all: not empty and free of NUL bytes.
    package var isValid: Bool { !bytes.isEmpty && !bytes.contains(0) }

    /// The part after the last `/` (empty when the name ends with `/`).
    package var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// The directory holding the last component: `.` for a bare name, `/` for a name at the root.
    package var directory: PlatformPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return PlatformPath(".") }
        return slash == 0 ? PlatformPath("/") : PlatformPath(bytes: Array(bytes[..<slash]))
    }

    /// `self` followed by `/` and `component`.
    package func appending(_ component: [UInt8]) -> PlatformPath {
        PlatformPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + component : bytes + [UInt8(ascii: "/")] + component)
    }

    /// Calls `body` with the name as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
