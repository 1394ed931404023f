import PixelKitPlatform
import PixelKit

/// Hue, chroma and tone: CAM16's hue and chroma with CIE L\* as tone — the color space of Material
/// You's dynamic color (material-color-utilities, Apache License 2.0, © Google LLC). Tone alone fixes
/// the WCAG luminance, so contrast between two HCT colors is a matter of their tones.
public struct HCT: Sendable, Hashable {
    /// CAM16 hue in degrees, 0..<360.
    public var hue: Double
    /// CAM16 chroma, ≥ 0 (the largest displayable value depends on hue and tone).
    public var chroma: Double
    /// CIE L\*, 0 (black) … 100 (white).
    public var tone: Double

    /// An HCT color from its coordinates; ``color`` finds the closest displayable sRGB color.
    public init(hue: Double, chroma: Double, tone: Double) {
        self.hue = hue
        self.chroma = chroma
        self.tone = tone
    }

    /// The HCT coordinates of an sRGB color (components 0…255; alpha ignored).
    public init(_ color: RGBAColor) {
        let cam = CAM16(color)
        self.init(hue: cam.hue, chroma: cam.chroma, tone: CIELab.lightness(fromY: CIEXYZ(color).y))
    }

    /// The 8-bit sRGB color with this hue and tone and the largest chroma up to ``chroma`` that sRGB
    /// can show (opaque, components rounded). Tone is kept exactly, up to the 8-bit rounding.
    public var color: RGBAColor { HCTSolver.color(hue: hue, chroma: chroma, tone: tone) }
}

extension RGBAColor {
    /// This color in HCT.
    public var hct: HCT { HCT(self) }
}
