/// The name of an image file format. Open-ended so that third-party codecs can name their own
/// (`ImageFormat(rawValue: "ppm")`); PixelKit's own codecs use `.jpeg` and `.png`.
public struct ImageFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Lowercase short name, as printed by the command line (`"jpeg"`, `"png"`).
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let jpeg = ImageFormat(rawValue: "jpeg")
    public static let png = ImageFormat(rawValue: "png")

    public var description: String { rawValue }
}
