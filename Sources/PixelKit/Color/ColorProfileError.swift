/// Why an ICC profile was refused or could not be turned into a transform. Profiles come from the
/// images being decoded, so every case is expected input, never a crash.
public enum ColorProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The profile is larger than ``DecodingLimits/maxColorProfileBytes``.
    case tooLarge(byteCount: Int, limit: Int)
    /// The profile ends before a structure it needs: `needed` bytes at `offset` in `byteCount`.
    case truncated(offset: Int, needed: Int, byteCount: Int)
    /// Bytes 36…39 are not the `acsp` signature.
    case missingSignature
    /// The header's size field disagrees with the bytes given.
    case declaredSizeMismatch(declared: Int, actual: Int)
    /// The tag table declares more tags than its profile can hold.
    case tooManyTags(count: Int)
    /// A tag's offset and size reach outside the profile.
    case tagOutOfBounds(tag: String, offset: Int, size: Int, byteCount: Int)
    /// A tag this transform needs is absent.
    case missingTag(String)
    /// A tag holds a type this transform cannot read.
    case unsupportedTagType(tag: String, type: String)
    /// A tone curve is unusable (a zero-length table, an unknown parametric function, …).
    case invalidCurve(tag: String, detail: String)
    /// The colorant matrix cannot be inverted or holds values that are not finite.
    case invalidColorants(detail: String)
    /// The profile's data color space is not one this path converts (`RGB `, `GRAY`, `CMYK`).
    case unsupportedColorSpace(String)
    /// The profile's connection space is not one this path converts.
    case unsupportedConnectionSpace(String)
    /// The profile is not a matrix/TRC profile: the Swift fast path does not apply (lcms2 does).
    case notMatrixShaper(reason: String)
    /// The color-management engine (lcms2) refused the profile or the transform; its message.
    case engineFailed(String)

    /// The problem, with the offending detail.
    public var description: String {
        switch self {
        case .tooLarge(let count, let limit): "color profile of \(count) bytes exceeds the \(limit)-byte limit"
        case .truncated(let offset, let needed, let count): "color profile truncated: \(needed) bytes needed at offset \(offset) of \(count)"
        case .missingSignature: "not an ICC profile: no 'acsp' signature"
        case .declaredSizeMismatch(let declared, let actual): "color profile declares \(declared) bytes but has \(actual)"
        case .tooManyTags(let count): "color profile declares \(count) tags, more than it can hold"
        case .tagOutOfBounds(let tag, let offset, let size, let count): "color profile tag '\(tag)' (\(size) bytes at \(offset)) reaches past its \(count) bytes"
        case .missingTag(let tag): "color profile has no '\(tag)' tag"
        case .unsupportedTagType(let tag, let type): "color profile tag '\(tag)' has unsupported type '\(type)'"
        case .invalidCurve(let tag, let detail): "color profile curve '\(tag)': \(detail)"
        case .invalidColorants(let detail): "color profile colorants: \(detail)"
        case .unsupportedColorSpace(let space): "unsupported color profile data color space '\(space)'"
        case .unsupportedConnectionSpace(let space): "unsupported color profile connection space '\(space)'"
        case .notMatrixShaper(let reason): "not a matrix/TRC color profile: \(reason)"
        case .engineFailed(let message): "color management failed: \(message)"
        }
    }
}
