import PixelKit

/// The BlurHash of an image file and how it was obtained.
///
/// Its JSON starts with `"hash"`, the field of `pixelkit blurhash encode`, then `"components"`,
/// `"info"` (an `ImageInfo`), `"decodedSize"`, `"encodedSize"`, and `"warnings"` (the codec's
/// messages) only when there are some; the warnings' format is `info.format`.
public struct BlurHashFileResult: Sendable, Hashable, Codable {
    /// The hash string.
    public var hash: String
    /// The unquantised coefficients (their DC term is the average color in linear light).
    public var components: BlurHashComponents
    /// The image's header facts (stored size, format, EXIF orientation — not applied: the hash is of
    /// the pixels as stored, like the reference tools).
    public var info: ImageInfo
    /// The size the codec delivered (smaller than `info.size` after a scaled decode).
    public var decodedSize: PixelSize
    /// The size of the pixel grid the hash was computed from (after area averaging, if any).
    public var encodedSize: PixelSize
    /// Recoverable problems the codec met (lenient decoding only).
    public var warnings: [DecodeWarning]

    /// Whether every stored pixel entered the hash unchanged (the result is then the reference's).
    public var isFullResolution: Bool { encodedSize == info.size }
}

extension BlurHashFileResult {
    private enum CodingKeys: String, CodingKey {
        case hash, components, info, decodedSize, encodedSize, warnings
    }

    /// Decodes the fields written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hash = try container.decode(String.self, forKey: .hash)
        components = try container.decode(BlurHashComponents.self, forKey: .components)
        info = try container.decode(ImageInfo.self, forKey: .info)
        decodedSize = try container.decode(PixelSize.self, forKey: .decodedSize)
        encodedSize = try container.decode(PixelSize.self, forKey: .encodedSize)
        let messages = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        warnings = messages.map { [format = info.format] in DecodeWarning(format: format, message: $0) }
    }

    /// Encodes `"hash"` first (as `pixelkit blurhash encode` prints it), then the rest.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hash, forKey: .hash)
        try container.encode(components, forKey: .components)
        try container.encode(info, forKey: .info)
        try container.encode(decodedSize, forKey: .decodedSize)
        try container.encode(encodedSize, forKey: .encodedSize)
        if !warnings.isEmpty { try container.encode(warnings.map(\.message), forKey: .warnings) }
    }
}
