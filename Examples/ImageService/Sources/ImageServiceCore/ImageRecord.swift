import Foundation
import PixelKit
import PixelKitGIF
import PixelKitHEIF
import PixelKitWebP
import PixelKitPalette

/// What the service knows about a stored image; the JSON answered by `POST /v1/images` and
/// `GET /v1/images/{id}`, and stored next to the image.
public struct ImageRecord: Codable, Sendable, Hashable {
    /// The SHA-256 of the bytes, hexadecimal.
    public var id: String
    /// The format's short name (`"jpeg"`, `"png"`).
    public var format: String
    /// Stored width in pixels (before orientation).
    public var width: Int
    /// Stored height in pixels (before orientation).
    public var height: Int
    /// The EXIF orientation, 1–8.
    public var orientation: Int
    /// The average color, `#RRGGBB`.
    public var average: String
    /// The BlurHash placeholder (4×3 components).
    public var blurhash: String
    /// The size of the original in bytes.
    public var bytes: Int
    /// The theme source color, `#RRGGBB` (PixelKitPalette's choice; its fallback for a grey image).
    /// Absent from records stored before the service computed palettes.
    public var source: String?
    /// The image's most populous colors, most populous first (at most ``paletteCount``), each
    /// `{"hex", "share"}`. Absent from records stored before the service computed palettes.
    public var palette: [Swatch]?
    /// The color space the original states (PixelKit's `ImageInfo.colorSpaceName`: `"Display P3"`,
    /// an ICC profile's description, …); absent when it states none (read as sRGB) and from records
    /// stored before the service read color spaces. The average, BlurHash, palette and thumbnails
    /// are converted from it to sRGB.
    public var colorSpace: String?
    /// Whether the original embeds an ICC profile. Absent from records stored before the service read color spaces.
    public var iccProfile: Bool?

    /// The most swatches a record lists, as `pixelkit palette` prints by default.
    public static let paletteCount = 5

    /// The record's JSON, keys sorted, as stored and served.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }

    /// A record read back from its JSON.
    public static func decoded(from bytes: [UInt8]) throws -> ImageRecord {
        try JSONDecoder().decode(ImageRecord.self, from: Data(bytes))
    }

    /// The `Content-Type` of the original.
    public var contentType: String { Self.contentType(of: ImageFormat(rawValue: format)) }

    /// The media type of a format PixelKit knows; `application/octet-stream` for others.
    static func contentType(of format: ImageFormat) -> String {
        switch format {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        // The HEIF codec names HEVC-coded files (HEIC, what phones write) `heif`, AV1-coded ones `avif`.
        case .heif: "image/heic"
        case .avif: "image/avif"
        case .webp: "image/webp"
        case .gif: "image/gif"
        default: "application/octet-stream"
        }
    }
}
