@testable import PixelKit
import Testing

/// A mean or root mean square of every pixel folds a matrix/TRC conversion into its sums
/// (`PowerMeanAccumulator.sourceConversion`) instead of averaging converted rows. The fused sums
/// are the converted rows' sums, so the averages must be equal exactly: alone, beside results that
/// fold too (a thumbnail) and beside results that take converted rows (the average then takes
/// them too).
@Suite struct FusedAverageColorTests {
    /// Every combination the fusion covers: both algorithms, both accuracies (a fast average's edge
    /// pixels are added one by one, with weights), both alpha policies (the alpha PNG's translucent
    /// blocks take the chunked path).
    static let options: [AverageOptions] = [AverageAlgorithm.mean, .rms].flatMap { algorithm in
        [AverageAccuracy.fast, .exact].flatMap { accuracy in
            [AlphaPolicy.weighted, .ignored].map { AverageOptions(algorithm: algorithm, alphaPolicy: $0, accuracy: accuracy) }
        }
    }

    static func average(_ file: String, registry: CodecRegistry, destination: OutputColorSpace, _ options: AverageOptions) throws -> AverageResult {
        var options = options
        options.decoding.outputColorSpace = destination
        return try registry.averageColor(of: ColorCorpus.source(file), options: options)
    }

    @Test(arguments: FoldedThumbnailColorTests.files, [OutputColorSpace.sRGB, .displayP3])
    func fusedAverageEqualsTheAverageOfConvertedRows(_ file: String, _ destination: OutputColorSpace) throws {
        let fused = FoldedThumbnailColorTests.registry(nil)
        let perRow = FoldedThumbnailColorTests.registry(FoldedThumbnailColorTests.PerRowProvider(usesLCMS: false))
        let stored = try fused.averageColor(of: ColorCorpus.source(file), options: AverageOptions(accuracy: .exact, decoding: DecodeOptions(outputColorSpace: nil)))
        for options in Self.options {
            let expected = try Self.average(file, registry: perRow, destination: destination, options)
            let alone = try Self.average(file, registry: fused, destination: destination, options)
            #expect(alone.color == expected.color, "\(file) \(options.algorithm) \(options.accuracy) \(options.alphaPolicy)")

            // A fast average beside a larger decode is computed from it (not the single operation's).
            guard options.accuracy == .exact else { continue }
            var shared = options
            shared.decoding.outputColorSpace = destination
            // Beside a thumbnail resampled in linear light every result folds: the rows stay as stored.
            let (besideFolding, _) = try fused.results(
                of: ColorCorpus.source(file), decoding: shared.decoding, shared, ThumbnailOptions(maxPixelSize: 64))
            #expect(besideFolding.color == expected.color, "\(file) \(options.algorithm) \(options.alphaPolicy) beside a thumbnail")
            // Beside a sink that needs converted rows the average takes them too.
            let (besideConverted, _) = try fused.results(
                of: ColorCorpus.source(file), decoding: shared.decoding, shared, RowSinkRequest(RowCounter()))
            #expect(besideConverted.color == expected.color, "\(file) \(options.algorithm) \(options.alphaPolicy) beside a row sink")
        }
        // The conversion happened: the stored numbers average differently.
        #expect(try stored.color != Self.average(file, registry: fused, destination: .sRGB, AverageOptions(accuracy: .exact)).color)
    }

    /// The accumulator's fused sums against converting the rows first, on every 5th level of each
    /// channel with translucent alphas, for both algorithms and alpha policies.
    @Test(arguments: [false, true], [AlphaPolicy.weighted, .ignored])
    func fusedSumsEqualConvertedSums(squared: Bool, alphaPolicy: AlphaPolicy) throws {
        var pixels: [UInt8] = []
        for red in FastPathAgreementTests.levels {
            for green in FastPathAgreementTests.levels {
                for blue in FastPathAgreementTests.levels {
                    // Opaque for half the grid, so that both the fused and the chunked paths run.
                    pixels += [UInt8(red), UInt8(green), UInt8(blue), red < 128 ? 255 : UInt8(red ^ blue)]
                }
            }
        }
        for transform in [MatrixShaperTransform.displayP3, .rec2020ToSRGB, .sRGBToDisplayP3, try Self.transformWithoutKernel()] {
            var converted = pixels
            converted.withUnsafeMutableBufferPointer { transform.convert($0) }
            var expected = PowerMeanAccumulator(squared: squared, alphaPolicy: alphaPolicy)
            converted.withUnsafeBufferPointer { expected.add(row: $0) }
            var fused = PowerMeanAccumulator(squared: squared, alphaPolicy: alphaPolicy)
            fused.sourceConversion = transform
            pixels.withUnsafeBufferPointer { fused.add(row: $0) }
            #expect(fused.result() == expected.result())
        }
    }
}

extension FusedAverageColorTests {
    /// Display P3 with a red colorant X of 20: a matrix too large for the fixed-point kernel's
    /// fields, so the Float loop converts (and the average converts in chunks).
    static func transformWithoutKernel() throws -> MatrixShaperTransform {
        let bytes = try ColorFixtures.bytes("display-p3.icc")
        let offset = Int(try ICCBytesProbe.uint32(bytes, try HostileProfileTests.tagEntry("rXYZ", in: bytes) + 4))
        let transform = try MatrixShaperTransform(profile: ColorProfile(bytes: HostileProfileTests.patched(bytes, at: offset + 8, 20 << 16)))
        try #require(transform.kernel == nil)
        return transform
    }
}

/// A sink that needs the rows in the destination's colors (it does not fold a conversion).
private struct RowCounter: RowSink, Sendable {
    var rows = 0
    mutating func begin(size: PixelSize) {}
    mutating func consume(_ row: PixelRow) { rows += 1 }
    var isSatisfied: Bool { false }
}
