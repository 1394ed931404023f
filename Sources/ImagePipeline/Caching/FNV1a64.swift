/// The 64-bit FNV-1a hash (Fowler–Noll–Vo): disk-cache file names from keys, and the checksums
/// that detect torn or altered cache entries. Not cryptographic: it guards against accidents and
/// damage, while keys are checked in full on every read. `package`: `pixelkit fetch` names its
/// thumbnails with it.
package struct FNV1a64 {
    /// The hash of nothing yet (the FNV offset basis).
    package init() {}

    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes `bytes` into the hash.
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// The hash of `bytes`.
    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hasher = FNV1a64()
        bytes.withUnsafeBytes { hasher.combine($0) }
        return hasher.value
    }

    /// The hash of a string's UTF-8 bytes.
    package static func hash(_ string: String) -> UInt64 { hash(Array(string.utf8)) }
}
