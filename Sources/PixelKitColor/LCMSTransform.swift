import CLCMS2
import PixelKit

/// An lcms2 transform from an ICC profile to lcms2's built-in sRGB (or a Display P3 profile built the
/// same way), relative colorimetric intent,
/// with its own context (whose errors are recorded, not printed). Usable from several threads at
/// once: it is made with `cmsFLAGS_NOCACHE`, so `cmsDoTransform` mutates nothing.
package final class LCMSTransform: ColorTransform, @unchecked Sendable {
    private let context: cmsContext
    private let transform: cmsHTRANSFORM
    private let errorLog: LCMSErrorLog
    private let setsOpaqueAlpha: Bool

    /// Opens `profile` (`cmsOpenProfileFromMemTHR`) and builds the transform (`cmsCreateTransformTHR`)
    /// for pixels in `inputFormat` to `outputFormat` (`LCMSPixelFormat` words).
    /// - Throws: `ColorProfileError.engineFailed` with lcms2's message when it refuses
    ///   the profile or the formats (a CMYK profile for RGB pixels, say).
    package init(profile: ColorProfile, inputFormat: UInt32, outputFormat: UInt32, destination: OutputColorSpace = .sRGB) throws(ColorProfileError) {
        let errorLog = LCMSErrorLog()
        guard let context = cmsCreateContext(nil, Unmanaged.passUnretained(errorLog).toOpaque()) else {
            throw .engineFailed("cmsCreateContext failed")
        }
        cmsSetLogErrorHandlerTHR(context, LCMSErrorLog.handler)
        let source = profile.bytes.withUnsafeBytes {
            cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count))
        }
        guard let source else {
            cmsDeleteContext(context)
            throw .engineFailed(errorLog.summary(or: "cmsOpenProfileFromMem refused the profile"))
        }
        defer { cmsCloseProfile(source) }
        let destinationProfile = switch destination {
        case .sRGB: cmsCreate_sRGBProfileTHR(context)
        case .displayP3: Self.displayP3Profile(context)
        }
        guard let destinationProfile else {
            cmsDeleteContext(context)
            throw .engineFailed(errorLog.summary(or: "cannot create the \(destination) profile"))
        }
        defer { cmsCloseProfile(destinationProfile) }
        guard let transform = cmsCreateTransformTHR(
            context, source, inputFormat, destinationProfile, outputFormat,
            cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOCACHE)
        ) else {
            cmsDeleteContext(context)
            throw .engineFailed(errorLog.summary(or: "cmsCreateTransform refused the profile"))
        }
        self.context = context
        self.transform = transform
        self.errorLog = errorLog
        setsOpaqueAlpha = colorSpaceField(of: inputFormat) == PT_CMYK
    }

    /// The transform for the core's 4-byte rows of `profile`'s color space (see `ColorTransform`).
    package convenience init(profile: ColorProfile, cmykSamples: CMYKSamples, destination: OutputColorSpace = .sRGB) throws(ColorProfileError) {
        let input = switch profile.dataColorSpace {
        case .rgb: LCMSPixelFormat.rgba8
        case .gray: LCMSPixelFormat.grayInRGBA8
        case .cmyk: cmykSamples == .inverted ? LCMSPixelFormat.cmyk8Inverted : LCMSPixelFormat.cmyk8
        }
        try self.init(profile: profile, inputFormat: input, outputFormat: LCMSPixelFormat.rgba8, destination: destination)
    }

    /// Display P3 as lcms2's sRGB is built (`cmsCreate_sRGBProfile`): the P3 primaries, D65 white and
    /// the sRGB parametric curve (type 4), through `cmsCreateRGBProfileTHR`.
    private static func displayP3Profile(_ context: cmsContext) -> cmsHPROFILE? {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1), Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = parameters.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(context, 4, $0.baseAddress) }) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfileTHR(context, &white, &primaries, $0.baseAddress) }
    }

    /// `cmsDeleteTransform` and `cmsDeleteContext`.
    deinit {
        cmsDeleteTransform(transform)
        cmsDeleteContext(context)
    }

    /// Converts `pixelCount` pixels from `input` to `output` (`cmsDoTransform`; they may be the same
    /// buffer when both formats have the same pixel size).
    package func transform(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, pixelCount: Int) {
        cmsDoTransform(transform, input, output, cmsUInt32Number(pixelCount))
    }

    /// Converts 4-byte pixels in place (`cmsDoTransform`); alpha is kept, or 255 for CMYK input.
    package func convert(_ row: UnsafeMutableBufferPointer<UInt8>) {
        let pixelCount = row.count / 4
        guard pixelCount > 0, let base = row.baseAddress else { return }
        transform(base, into: base, pixelCount: pixelCount)
        if setsOpaqueAlpha {
            for pixel in 0..<pixelCount { row[pixel &* 4 &+ 3] = 255 }
        }
    }
}

/// A format word's color space (`T_COLORSPACE` in lcms2.h).
private func colorSpaceField(of format: UInt32) -> Int32 { Int32((format >> 16) & 31) }
