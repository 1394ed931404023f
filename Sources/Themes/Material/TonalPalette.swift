import PixelKit

/// One hue and chroma at every tone: Material's tonal palette. `tone(40)` is the color of that hue
/// and chroma (or the most chroma sRGB can show) at L\* 40.
public struct TonalPalette: Sendable, Hashable {
    /// CAM16 hue in degrees.
    public let hue: Double
    /// The CAM16 chroma asked for (reduced per tone where sRGB cannot show it).
    public let chroma: Double

    /// A palette of `hue` and `chroma`.
    public init(hue: Double, chroma: Double) {
        self.hue = HCTSolver.sanitized(hue)
        self.chroma = max(0, chroma)
    }

    /// The color at `tone` (L\*, 0…100), 8-bit and opaque.
    public func tone(_ tone: Double) -> RGBAColor {
        HCT(hue: hue, chroma: chroma, tone: min(max(tone, 0), 100)).color
    }
}
