import PixelKit
// Where Testing is not visible to a regular target (Xcode's toolchains), failures print the default
// description instead.
#if canImport(Testing)
import Testing

/// A failed expectation about images prints their size and a checksum, not every sample (a 12 MP
/// image would print tens of megabytes).
extension RGBAImage: CustomTestStringConvertible {
    public var testDescription: String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in pixels { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return "\(width)×\(height) RGBA, FNV-1a \(String(hash, radix: 16))"
    }
}
#endif
