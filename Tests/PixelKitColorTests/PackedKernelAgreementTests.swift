@testable import PixelKit
import Testing

/// The fixed-point kernel against the reference path it replaces: every 8-bit result must be the
/// reference's exact value (the transform's tables and matrix evaluated in Double, then the sRGB
/// encoding) rounded, give or take the encoding table's step, as for the Float loop (the same
/// tolerance and the same 52³ inputs as ``FastPathAgreementTests``).
@Suite struct PackedKernelAgreementTests {
    @Test(arguments: ColorFixtures.matrixShaperProfiles)
    func kernelMatchesTheReferenceForProfile(_ name: String) throws {
        try expectAgreement(MatrixShaperTransform(profile: ColorFixtures.profile(name)), name)
        try expectAgreement(MatrixShaperTransform(profile: ColorFixtures.profile(name), destination: .displayP3), name + " to Display P3")
    }

    @Test func kernelMatchesTheReferenceForNamedSpaces() {
        expectAgreement(MatrixShaperTransform.displayP3, "Display P3")
        expectAgreement(MatrixShaperTransform.sRGBToDisplayP3, "sRGB to Display P3")
        expectAgreement(MatrixShaperTransform.rec2020ToSRGB, "Rec. 2020")
        expectAgreement(MatrixShaperTransform.rec2020ToDisplayP3, "Rec. 2020 to Display P3")
    }

    func expectAgreement(_ transform: MatrixShaperTransform, _ name: String) {
        #expect(transform.kernel != nil, "\(name): no fixed-point kernel")
        var pixels: [UInt8] = []
        for red in FastPathAgreementTests.levels {
            for green in FastPathAgreementTests.levels {
                for blue in FastPathAgreementTests.levels {
                    // Alpha varies so that a kernel that drops or moves it fails.
                    pixels += [UInt8(red), UInt8(green), UInt8(blue), UInt8(red ^ blue)]
                }
            }
        }
        let input = pixels
        var floats = pixels
        pixels.withUnsafeMutableBufferPointer { transform.convert($0) }
        floats.withUnsafeMutableBufferPointer { transform.convertWithFloats($0) }
        let matrix = transform.matrix.map(Double.init)
        var worst = 0.0
        var largestStepFromFloats = 0
        for base in stride(from: 0, to: input.count, by: 4) {
            let linear = [
                Double(transform.red[Int(input[base])]), Double(transform.green[Int(input[base + 1])]), Double(transform.blue[Int(input[base + 2])]),
            ]
            for channel in 0..<3 {
                let mixed = (0..<3).reduce(0.0) { $0 + matrix[channel * 3 + $1] * linear[$1] }
                let exact = SRGBTransfer.encoded(fromLinear: min(max(mixed, 0), 1)) * 255
                worst = max(worst, abs(Double(pixels[base + channel]) - exact))
                largestStepFromFloats = max(largestStepFromFloats, abs(Int(pixels[base + channel]) - Int(floats[base + channel])))
            }
        }
        let alphaKept = stride(from: 3, to: input.count, by: 4).allSatisfy { pixels[$0] == input[$0] }
        #expect(alphaKept, "\(name): alpha changed")
        #expect(worst <= FastPathAgreementTests.tolerance, "\(name): largest difference from the exact value \(worst) levels")
        #expect(largestStepFromFloats <= 1, "\(name): \(largestStepFromFloats) levels from the Float loop")
    }
}
