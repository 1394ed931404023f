import PixelKitPlatform

/// The sRGB transfer function (IEC 61966-2-1): between gamma-encoded components and linear light,
/// both on 0…1.
public enum SRGBTransfer {
    /// Encoded 0…1 → linear 0…1.
    @inlinable
    public static func linear(fromEncoded value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear 0…1 → encoded 0…1.
    @inlinable
    public static func encoded(fromLinear value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }

    /// Linear light of each 8-bit encoded value: `table[v] == linear(fromEncoded: v / 255)`.
    public static let linearTable: [Double] = (0..<256).map { linear(fromEncoded: Double($0) / 255) }
}
