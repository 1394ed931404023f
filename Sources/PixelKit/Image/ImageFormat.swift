/// The name of an image file format. Open-ended so that third-party codecs can name their own
/// (`ImageFormat(rawValue: "ppm")`); PixelKit's own codecs use `.jpeg` and `.png`.
///
/// Its JSON is the name as a string (`"jpeg"`).
public struct ImageFormat: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Lowercase short name, as printed by the command line (`"jpeg"`, `"png"`).
    public let rawValue: String

    /// The format called `rawValue` (lowercase by convention).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// JPEG (JFIF/Exif), read and written by `PixelKitJPEG`.
    public static let jpeg = ImageFormat(rawValue: "jpeg")
    /// PNG, read and written by `PixelKitPNG`.
    public static let png = ImageFormat(rawValue: "png")

    /// The short name, ``rawValue``.
    public var description: String { rawValue }

    /// Decodes the name from a JSON string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the name as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
