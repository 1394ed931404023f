import PixelKitPlatform

/// The CAM16 viewing conditions HCT uses: D65 white, adapting luminance of a 50 % grey at 200/π lux,
/// a mid-grey (L\* 50) background and an average surround — material-color-utilities' defaults, so
/// that hue and chroma match its values.
struct CAM16ViewingConditions: Sendable {
    let n: Double
    let aw: Double
    let nbb: Double
    let ncb: Double
    let c: Double
    let nc: Double
    let rgbD: SIMD3<Double>
    let fl: Double
    let flRoot: Double
    let z: Double

    static let standard = CAM16ViewingConditions()

    private init() {
        let white = CIEXYZ.whitePoint
        let adaptingLuminance = (200.0 / .pi) * CIELab.y(fromLightness: 50) / 100
        let backgroundLightness = 50.0
        let surround = 2.0
        let rW = white.x * 0.401288 + white.y * 0.650173 + white.z * -0.051461
        let gW = white.x * -0.250268 + white.y * 1.204414 + white.z * 0.045854
        let bW = white.x * -0.002079 + white.y * 0.048952 + white.z * 0.953127
        let f = 0.8 + surround / 10
        c = f >= 0.9 ? 0.59 + (0.69 - 0.59) * (f - 0.9) * 10 : 0.525 + (0.59 - 0.525) * (f - 0.8) * 10
        let d = min(max(f * (1 - (1 / 3.6) * exp((-adaptingLuminance - 42) / 92)), 0), 1)
        nc = f
        let rgbD = SIMD3(d * (100 / rW) + 1 - d, d * (100 / gW) + 1 - d, d * (100 / bW) + 1 - d)
        self.rgbD = rgbD
        let k = 1 / (5 * adaptingLuminance + 1)
        let k4 = k * k * k * k
        let k4F = 1 - k4
        let fl = k4 * adaptingLuminance + 0.1 * k4F * k4F * cbrt(5 * adaptingLuminance)
        self.fl = fl
        n = CIELab.y(fromLightness: backgroundLightness) / white.y
        z = 1.48 + n.squareRoot()
        let nbb = 0.725 / pow(n, 0.2)
        self.nbb = nbb
        ncb = nbb
        func adapted(_ component: Double, _ degree: Double) -> Double {
            let factor = pow(fl * degree * component / 100, 0.42)
            return 400 * factor / (factor + 27.13)
        }
        aw = (2 * adapted(rW, rgbD.x) + adapted(gW, rgbD.y) + 0.05 * adapted(bW, rgbD.z)) * nbb
        flRoot = pow(fl, 0.25)
    }
}
