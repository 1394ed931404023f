import PixelKitPlatform

/// A color in Björn Ottosson's OKLab space (2020): `lightness` 0…1 (black…white), `a` green–red and
/// `b` blue–yellow axes (roughly −0.4…0.4), plus alpha 0…1.
///
/// Matrices from https://bottosson.github.io/posts/oklab/ (the linear-sRGB variant).
public struct OKLab: Sendable, Hashable {
    /// Perceptual lightness, 0 (black) … 1 (white).
    public var lightness: Double
    /// Green (negative) to red (positive) axis.
    public var a: Double
    /// Blue (negative) to yellow (positive) axis.
    public var b: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates an OKLab color from its coordinates.
    public init(lightness: Double, a: Double, b: Double, alpha: Double = 1) {
        self.lightness = lightness
        self.a = a
        self.b = b
        self.alpha = alpha
    }

    /// Converts linear-light sRGB to OKLab.
    public init(_ linear: LinearSRGB) {
        let l = 0.4122214708 * linear.red + 0.5363325363 * linear.green + 0.0514459929 * linear.blue
        let m = 0.2119034982 * linear.red + 0.6806995451 * linear.green + 0.1073969566 * linear.blue
        let s = 0.0883024619 * linear.red + 0.2817188376 * linear.green + 0.6299787005 * linear.blue
        let lRoot = cbrt(l), mRoot = cbrt(m), sRoot = cbrt(s)
        self.init(
            lightness: 0.2104542553 * lRoot + 0.7936177850 * mRoot - 0.0040720468 * sRoot,
            a: 1.9779984951 * lRoot - 2.4285922050 * mRoot + 0.4505937099 * sRoot,
            b: 0.0259040371 * lRoot + 0.7827717662 * mRoot - 0.8086757660 * sRoot,
            alpha: linear.alpha)
    }

    /// Converts from OKLCH (hue in degrees).
    public init(_ lch: OKLCH) {
        let radians = lch.hue * .pi / 180
        self.init(lightness: lch.lightness, a: lch.chroma * cos(radians), b: lch.chroma * sin(radians), alpha: lch.alpha)
    }
}

extension LinearSRGB {
    /// Converts OKLab to linear-light sRGB; the result may be out of gamut (see ``LinearSRGB/isInGamut(tolerance:)``).
    public init(_ lab: OKLab) {
        let lRoot = lab.lightness + 0.3963377774 * lab.a + 0.2158037573 * lab.b
        let mRoot = lab.lightness - 0.1055613458 * lab.a - 0.0638541728 * lab.b
        let sRoot = lab.lightness - 0.0894841775 * lab.a - 1.2914855480 * lab.b
        let l = lRoot * lRoot * lRoot, m = mRoot * mRoot * mRoot, s = sRoot * sRoot * sRoot
        self.init(
            red: 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            green: -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            blue: -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s,
            alpha: lab.alpha)
    }
}
