import CLCMS2
import PixelKit
@testable import PixelKitColor
import Testing

/// The Swift fast path against lcms2 (floating point, relative colorimetric, lcms2's sRGB): every
/// 8-bit result must be lcms2's value rounded, give or take the encoding table's step.
@Suite struct FastPathAgreementTests {
    /// Rounding to 8 bits (0.5) plus the fast path's table lookup (≤ 0.05 levels, see
    /// `MatrixShaperTransform.encodingTableSize`).
    static let tolerance = 0.55
    /// Every 5th level per channel: 52³ inputs.
    static let levels = Array(stride(from: 0, through: 255, by: 5))

    @Test(arguments: ColorFixtures.matrixShaperProfiles)
    func fastPathMatchesLCMS2(_ name: String) throws {
        let profile = try ColorFixtures.profile(name)
        #expect(profile.isMatrixShaper)
        let fast = try MatrixShaperTransform(profile: profile)
        let isGray = profile.dataColorSpace == .gray
        let reference = try LCMSTransform(
            profile: profile, inputFormat: isGray ? LCMSPixelFormat.grayFloat : LCMSPixelFormat.rgbFloat, outputFormat: LCMSPixelFormat.rgbFloat)
        let worst = Self.largestDifference(fast: fast, reference: reference, grayInput: isGray)
        #expect(worst <= Self.tolerance, "\(name): largest difference from lcms2 \(worst) levels")
    }

    /// Display P3 by name (nclx 12/13) is the corpus's Display P3 profile, give or take the profile's
    /// colorants rounded to s15Fixed16 (0.02 levels more).
    @Test func displayP3ByNameMatchesTheProfile() throws {
        let reference = try LCMSTransform(
            profile: ColorFixtures.profile("display-p3.icc"), inputFormat: LCMSPixelFormat.rgbFloat, outputFormat: LCMSPixelFormat.rgbFloat)
        let worst = Self.largestDifference(fast: MatrixShaperTransform.displayP3, reference: reference, grayInput: false)
        #expect(worst <= Self.tolerance + 0.03, "largest difference from lcms2 \(worst) levels")
    }

    static func largestDifference(fast: MatrixShaperTransform, reference: LCMSTransform, grayInput: Bool) -> Double {
        var pixels: [UInt8] = []
        var inputs: [Float] = []
        for red in levels {
            for green in grayInput ? [red] : levels {
                for blue in grayInput ? [red] : levels {
                    pixels += [UInt8(red), UInt8(green), UInt8(blue), 255]
                    inputs += grayInput ? [Float(red) / 255] : [Float(red) / 255, Float(green) / 255, Float(blue) / 255]
                }
            }
        }
        let count = pixels.count / 4
        var outputs = [Float](repeating: 0, count: count * 3)
        inputs.withUnsafeBytes { input in
            outputs.withUnsafeMutableBytes { output in reference.transform(input.baseAddress!, into: output.baseAddress!, pixelCount: count) }
        }
        pixels.withUnsafeMutableBufferPointer { fast.convert($0) }
        var worst = 0.0
        for pixel in 0..<count {
            #expect(pixels[pixel * 4 + 3] == 255, "alpha changed")
            for channel in 0..<3 {
                let exact = Double(min(max(outputs[pixel * 3 + channel], 0), 1)) * 255
                worst = max(worst, abs(Double(pixels[pixel * 4 + channel]) - exact))
            }
        }
        return worst
    }
}
