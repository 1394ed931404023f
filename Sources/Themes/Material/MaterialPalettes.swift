import PixelKit

/// The six tonal palettes of a Material theme, derived from one seed color as material-color-utilities'
/// `CorePalette` does (Apache License 2.0, © Google LLC): primary keeps the seed's hue with chroma at
/// least 48, secondary the hue at chroma 16, tertiary the hue + 60° at chroma 24, neutral and neutral
/// variant the hue at chroma 4 and 8, and error a fixed red (hue 25, chroma 84).
public struct MaterialPalettes: Sendable, Hashable {
    /// The seed the palettes come from.
    public let seed: RGBAColor
    /// Accents: buttons, active states.
    public let primary: TonalPalette
    /// Less prominent components.
    public let secondary: TonalPalette
    /// Contrasting accents.
    public let tertiary: TonalPalette
    /// Surfaces and text.
    public let neutral: TonalPalette
    /// Outlines and medium-emphasis surfaces.
    public let neutralVariant: TonalPalette
    /// Errors.
    public let error: TonalPalette

    /// The palettes of `seed` (alpha ignored).
    public init(seed: RGBAColor) {
        let hct = HCT(seed)
        self.seed = seed
        primary = TonalPalette(hue: hct.hue, chroma: max(48, hct.chroma))
        secondary = TonalPalette(hue: hct.hue, chroma: 16)
        tertiary = TonalPalette(hue: hct.hue + 60, chroma: 24)
        neutral = TonalPalette(hue: hct.hue, chroma: 4)
        neutralVariant = TonalPalette(hue: hct.hue, chroma: 8)
        error = TonalPalette(hue: 25, chroma: 84)
    }
}
