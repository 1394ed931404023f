import PixelKit

/// An image's colors by share and the color to seed a theme with.
///
/// Its JSON has `"width"`, `"height"` (stored size), `"source"` (`"#RRGGBB"`), `"sourceIsFallback"`,
/// `"swatches"` (most populous first, each `{"hex", "share"}`), then `"info"`, `"decodedSize"` and
/// `"warnings"` (the decoder's messages, only when it met recoverable damage).
public struct Palette: Sendable, Hashable, Codable {
    /// The quantized colors, most populous first. Their shares sum to at most 1 (exactly 1 up to
    /// rounding when the image has opaque pixels; the list is empty when it has none).
    public var swatches: [Swatch]
    /// The best-scoring color for a theme, or ``PaletteOptions/fallbackSource`` for an image with
    /// no colorful enough color.
    public var source: RGBAColor
    /// Whether ``source`` is the fallback rather than a color of the image.
    public var sourceIsFallback: Bool
    /// The image's header facts.
    public var info: ImageInfo
    /// The size the pixels were decoded at (smaller than `info.size` after a reduced decode).
    public var decodedSize: PixelSize
    /// What the decoder warned about while reading a damaged image leniently (empty for a sound one);
    /// their format is `info.format`.
    public var warnings: [DecodeWarning]

    /// A palette.
    public init(
        swatches: [Swatch], source: RGBAColor, sourceIsFallback: Bool, info: ImageInfo, decodedSize: PixelSize,
        warnings: [DecodeWarning] = []
    ) {
        self.warnings = warnings
        self.swatches = swatches
        self.source = source
        self.sourceIsFallback = sourceIsFallback
        self.info = info
        self.decodedSize = decodedSize
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, source, sourceIsFallback, swatches, info, decodedSize, warnings
    }

    /// Decodes the fields written by ``encode(to:)`` (`width` and `height` are derived and ignored).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try RGBAColor(hex: container.decode(String.self, forKey: .source))
        sourceIsFallback = try container.decode(Bool.self, forKey: .sourceIsFallback)
        swatches = try container.decode([Swatch].self, forKey: .swatches)
        info = try container.decode(ImageInfo.self, forKey: .info)
        decodedSize = try container.decode(PixelSize.self, forKey: .decodedSize)
        let messages = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        warnings = messages.map { [format = info.format] in DecodeWarning(format: format, message: $0) }
    }

    /// Encodes the fields in the order listed on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(info.width, forKey: .width)
        try container.encode(info.height, forKey: .height)
        try container.encode(source.hex, forKey: .source)
        try container.encode(sourceIsFallback, forKey: .sourceIsFallback)
        try container.encode(swatches, forKey: .swatches)
        try container.encode(info, forKey: .info)
        try container.encode(decodedSize, forKey: .decodedSize)
        if !warnings.isEmpty { try container.encode(warnings.map(\.message), forKey: .warnings) }
    }
}
