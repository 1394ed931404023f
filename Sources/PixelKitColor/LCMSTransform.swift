import CLCMS2
import PixelKit

/// An lcms2 transform from an ICC profile to lcms2's built-in sRGB, relative colorimetric intent,
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
    package init(profile: ColorProfile, inputFormat: UInt32, outputFormat: UInt32) throws(ColorProfileError) {
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
        guard let destination = cmsCreate_sRGBProfileTHR(context) else {
            cmsDeleteContext(context)
            throw .engineFailed(errorLog.summary(or: "cmsCreate_sRGBProfile failed"))
        }
        defer { cmsCloseProfile(destination) }
        guard let transform = cmsCreateTransformTHR(
            context, source, inputFormat, destination, outputFormat,
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
    package convenience init(profile: ColorProfile, cmykSamples: CMYKSamples) throws(ColorProfileError) {
        let input = switch profile.dataColorSpace {
        case .rgb: LCMSPixelFormat.rgba8
        case .gray: LCMSPixelFormat.grayInRGBA8
        case .cmyk: cmykSamples == .inverted ? LCMSPixelFormat.cmyk8Inverted : LCMSPixelFormat.cmyk8
        }
        try self.init(profile: profile, inputFormat: input, outputFormat: LCMSPixelFormat.rgba8)
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
