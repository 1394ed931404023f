/// An average color and how it was obtained.
///
/// Its JSON has the fields of `pixelkit average` (without `"file"`) in its order — `"width"`,
/// `"height"` (stored), `"rgba"`, `"hex"`, `"algorithm"`, `"exact"`, and `"warnings"` (the codec's
/// messages) only when there are some — followed by `"info"` (an ``ImageInfo``) and `"decodedSize"`
/// so that decoding gives back the same value. `width`, `height` and `hex` are derived, and ignored
/// when decoding; the warnings' format is `info.format` (the codec that read the image).
/// Foundation's `JSONEncoder` does not keep the fields' order (set `.sortedKeys` for a stable one).
public struct AverageResult: Sendable, Hashable, Codable {
    /// The average, components on 0…255.
    public var color: RGBAColor
    /// The image's header facts (stored size, format, orientation…).
    public var info: ImageInfo
    /// The size the pixels were decoded at (smaller than `info.size` after a reduced decode).
    public var decodedSize: PixelSize
    /// The method's name (`"mean"`, `"rms"`, `"linear"` or a custom averager's).
    public var algorithm: String
    /// Whether every pixel was read at full resolution.
    public var isExact: Bool
    /// Recoverable problems the codec met (lenient decoding only).
    public var warnings: [DecodeWarning]
}

extension AverageResult {
    /// The JSON field names: those of `pixelkit average`, then what a round trip needs.
    private enum CodingKeys: String, CodingKey {
        case width, height, rgba, hex, algorithm, exact, warnings, info, decodedSize
    }

    /// Decodes the fields written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        info = try container.decode(ImageInfo.self, forKey: .info)
        color = try container.decode(RGBAColor.self, forKey: .rgba)
        decodedSize = try container.decode(PixelSize.self, forKey: .decodedSize)
        algorithm = try container.decode(String.self, forKey: .algorithm)
        isExact = try container.decode(Bool.self, forKey: .exact)
        let messages = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        warnings = messages.map { [format = info.format] in DecodeWarning(format: format, message: $0) }
    }

    /// Encodes the fields of `pixelkit average` in its order, then `"info"` and `"decodedSize"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(info.width, forKey: .width)
        try container.encode(info.height, forKey: .height)
        try container.encode(color, forKey: .rgba)
        try container.encode(color.hex, forKey: .hex)
        try container.encode(algorithm, forKey: .algorithm)
        try container.encode(isExact, forKey: .exact)
        if !warnings.isEmpty { try container.encode(warnings.map(\.message), forKey: .warnings) }
        try container.encode(info, forKey: .info)
        try container.encode(decodedSize, forKey: .decodedSize)
    }
}
