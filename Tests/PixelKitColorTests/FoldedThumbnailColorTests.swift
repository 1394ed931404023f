import PixelKit
import PixelKitColor
import Testing

/// Thumbnails resampled in linear light fold a matrix/TRC conversion into the resampler (the
/// source's curves in, the matrix at the output size) instead of converting every decoded row
/// first. The result must be the per-row pass's, and lcms2's, within the stated levels.
@Suite struct FoldedThumbnailColorTests {
    /// A conversion no resampler can fold (its type is not `MatrixShaperTransform`): thumbnails
    /// made with it get the per-row pass.
    struct PerRowTransform: ColorTransform {
        let base: any ColorTransform
        func convert(_ row: UnsafeMutableBufferPointer<UInt8>) { base.convert(row) }
    }

    /// The core's fast path, or lcms2 for every ICC profile, behind ``PerRowTransform``.
    struct PerRowProvider: ColorTransformProvider {
        let usesLCMS: Bool

        func transform(to destination: OutputColorSpace, from space: ColorSpace, cmykSamples: CMYKSamples) throws(ColorProfileError) -> (any ColorTransform)? {
            if usesLCMS, case .icc(let profile) = space {
                return PerRowTransform(base: try LCMSTransform(profile: profile, cmykSamples: cmykSamples, destination: destination))
            }
            return try MatrixShaperProvider().transform(to: destination, from: space, cmykSamples: cmykSamples).map { PerRowTransform(base: $0) }
        }
    }

    static func registry(_ provider: (any ColorTransformProvider)?) -> CodecRegistry {
        var registry = CodecRegistry(ColorCorpus.codecs)
        if let provider { registry.colorTransforms = provider }
        return registry
    }

    static func thumbnail(_ file: String, registry: CodecRegistry, destination: OutputColorSpace?, maxPixelSize: Int = 256) throws -> RGBAImage {
        var options = ThumbnailOptions(maxPixelSize: maxPixelSize)
        options.decoding.outputColorSpace = destination
        return try Thumbnailer(codecs: registry, options: options).thumbnailImage(of: ColorCorpus.source(file)).image
    }

    /// How far apart two thumbnails are: the largest difference of a sample, the share of samples
    /// more than one level apart, and the largest difference of the R, G, B means.
    struct Differences: CustomStringConvertible {
        var largest = 0
        var shareOverOneLevel = 0.0
        var meanDistance = 0.0
        var description: String { "largest \(largest), \(shareOverOneLevel * 100)% over one level, means \(meanDistance) apart" }
    }

    static func differences(_ left: RGBAImage, _ right: RGBAImage) -> Differences {
        var found = Differences()
        var overOne = 0
        var sums = [Double](repeating: 0, count: 4)
        for (index, (a, b)) in zip(left.pixels, right.pixels).enumerated() {
            let difference = Int(a) - Int(b)
            found.largest = max(found.largest, abs(difference))
            if abs(difference) > 1 { overOne += 1 }
            sums[index % 4] += Double(difference)
        }
        found.shareOverOneLevel = Double(overOne) / Double(left.pixels.count)
        found.meanDistance = sums.prefix(3).map { abs($0) / Double(left.width * left.height) }.max()!
        return found
    }

    /// Every matrix/TRC source of the corpus: ICC profiles (P3, Adobe RGB with and without alpha,
    /// 16-bit ProPhoto, Rec. 2020, gray gamma 1.8) and Display P3 named by nclx.
    static let files = [
        "p3-kodim23.jpg", "p3-saturated-bands.png", "p3-chelsea.webp", "p3-nclx-kodim13.avif", "adobergb-kodim08.jpg",
        "adobergb-alpha-chelsea.png", "prophoto16-kodim01.png", "rec2020-rocket.png", "gray18-camera.jpg",
    ]

    /// Mixing before the matrix changes only the rounding (the per-row pass rounds each converted
    /// pixel to 8 bits) and, at edges of colors outside the destination's gamut, the clipping
    /// (after mixing instead of before: p3-kodim23's saturated edges move up to 17 levels in 0.6%
    /// of the samples). Measured: means at most 0.09 apart, at most 0.6% of samples over one level.
    @Test(arguments: files, [OutputColorSpace.sRGB, .displayP3])
    func foldedEqualsThePerRowPass(_ file: String, _ destination: OutputColorSpace) throws {
        let folded = try Self.thumbnail(file, registry: Self.registry(nil), destination: destination)
        let perRow = try Self.thumbnail(file, registry: Self.registry(PerRowProvider(usesLCMS: false)), destination: destination)
        try #require(folded.width == perRow.width && folded.height == perRow.height)
        let found = Self.differences(folded, perRow)
        #expect(found.meanDistance <= 0.25 && found.shareOverOneLevel <= 0.01, "\(file) to \(destination): \(found)")
    }

    /// lcms2's conversion of every row, then the same resampling: within the 2 levels the corpus
    /// tests allow a thumbnail's mean (measured: 0.09), and at most 1% of samples over one level.
    @Test(arguments: files)
    func foldedMatchesLCMS(_ file: String) throws {
        let folded = try Self.thumbnail(file, registry: Self.registry(nil), destination: .sRGB)
        let reference = try Self.thumbnail(file, registry: Self.registry(PerRowProvider(usesLCMS: true)), destination: .sRGB)
        try #require(folded.width == reference.width && folded.height == reference.height)
        let found = Self.differences(folded, reference)
        #expect(found.meanDistance <= 2 && found.shareOverOneLevel <= 0.01, "\(file): \(found)")
    }

    /// A thumbnail no smaller than its source is not resampled: its rows are converted as they pass.
    @Test func unresizedThumbnailIsConverted() throws {
        let file = "p3-kodim23.jpg"
        let folded = try Self.thumbnail(file, registry: Self.registry(nil), destination: .sRGB, maxPixelSize: 10_000)
        let perRow = try Self.thumbnail(file, registry: Self.registry(PerRowProvider(usesLCMS: false)), destination: .sRGB, maxPixelSize: 10_000)
        let stored = try Self.thumbnail(file, registry: Self.registry(nil), destination: nil, maxPixelSize: 10_000)
        #expect(folded == perRow)
        #expect(folded != stored)
    }
}
