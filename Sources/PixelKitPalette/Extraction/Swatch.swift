import PixelKit

/// One color of a palette and the share of the image's opaque pixels it stands for.
///
/// Its JSON is `{"hex": "#RRGGBB", "share": 0.31}`.
public struct Swatch: Sendable, Hashable, Codable {
    /// The cluster's color (opaque, 8-bit components).
    public var color: RGBAColor
    /// Its share of the image's opaque pixels, 0…1.
    public var share: Double

    /// A swatch.
    public init(color: RGBAColor, share: Double) {
        self.color = color
        self.share = share
    }

    private enum CodingKeys: String, CodingKey { case hex, share }

    /// Decodes `{"hex", "share"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        color = try RGBAColor(hex: container.decode(String.self, forKey: .hex))
        share = try container.decode(Double.self, forKey: .share)
    }

    /// Encodes `{"hex", "share"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(color.hex, forKey: .hex)
        try container.encode(share, forKey: .share)
    }
}
