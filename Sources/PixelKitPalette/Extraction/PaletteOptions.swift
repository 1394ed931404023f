import PixelKit

/// How to extract an image's palette.
public struct PaletteOptions: Sendable, Hashable {
    /// The most colors the quantizer makes, 1…256 (material-color-utilities uses 128).
    public var maximumColors: Int
    /// `.fast` reads the same reduced decode as the fast average (JPEG at 1/8, progressive DC scans,
    /// a HEIC's thumbnail, WebP scaled); `.exact` reads every pixel.
    public var accuracy: AverageAccuracy
    /// The source color when no color qualifies (a grey image): Google Blue, as material-color-utilities.
    public var fallbackSource: RGBAColor
    /// Strictness and limits for the decode (its `minimumSize` is set from `accuracy`).
    public var decoding: DecodeOptions

    /// Palette options; the defaults are material-color-utilities' (128 colors, Google Blue fallback)
    /// on a reduced decode.
    public init(
        maximumColors: Int = 128, accuracy: AverageAccuracy = .fast,
        fallbackSource: RGBAColor = RGBAColor(red: 0x42, green: 0x85, blue: 0xF4), decoding: DecodeOptions = .init()
    ) {
        self.maximumColors = maximumColors
        self.accuracy = accuracy
        self.fallbackSource = fallbackSource
        self.decoding = decoding
    }
}
