import PixelKit
import PixelKitColor
import Testing

/// Every file of the shared color corpus through the library's operations (average, exact and
/// fast), against `reference.json`: lcms2's sRGB means within 1.5 (exact) and 3 (fast), controls
/// unchanged, the stored means with conversion off. Before color management every tagged file
/// was off by its `error_if_ignored` (6 to 46 levels).
@Suite struct CorpusConversionTests {
    @Test(arguments: ColorCorpus.entries)
    func exactMeanMatchesLCMS(_ entry: ColorCorpus.Entry) throws {
        let (mean, warnings) = try ColorCorpus.exactMean(ColorCorpus.source(entry.file))
        let distance = entry.acceptedMeans.map { ColorCorpus.colorDistance(mean, $0) }.min()!
        #expect(distance <= 1.5, "\(entry.file): \(mean) vs \(entry.acceptedMeans)")
        #expect(abs(mean[3] - entry.meanUntransformed[3]) <= 0.01, "alpha is kept")
        #expect(warnings.isEmpty)
    }

    @Test(arguments: ColorCorpus.entries)
    func fastMeanMatchesLCMS(_ entry: ColorCorpus.Entry) throws {
        let result = try ColorCorpus.lcmsRegistry.averageColor(of: ColorCorpus.source(entry.file), options: AverageOptions(accuracy: .fast))
        let distance = entry.acceptedMeans.map { ColorCorpus.colorDistance(result.color.components, $0) }.min()!
        #expect(distance <= 3, "\(entry.file): \(result.color.components) vs \(entry.acceptedMeans)")
    }

    @Test(arguments: ColorCorpus.entries)
    func conversionOffGivesTheStoredMeans(_ entry: ColorCorpus.Entry) throws {
        let (mean, warnings) = try ColorCorpus.exactMean(ColorCorpus.source(entry.file), decoding: DecodeOptions(outputColorSpace: nil))
        // The decoders are exact (Pillow's decode of the same files), 16-bit PNG by its high byte.
        #expect(ColorCorpus.colorDistance(mean, entry.meanUntransformed) <= 0.01, "\(entry.file): \(mean) vs \(entry.meanUntransformed)")
        #expect(warnings.isEmpty)
    }

    @Test(arguments: ColorCorpus.entries.filter(\.isControl))
    func controlsAreUnchanged(_ entry: ColorCorpus.Entry) throws {
        let converted = try ColorCorpus.exactMean(ColorCorpus.source(entry.file)).mean
        let stored = try ColorCorpus.exactMean(ColorCorpus.source(entry.file), decoding: DecodeOptions(outputColorSpace: nil)).mean
        // Untagged, sRGB chunk, nclx sRGB: no transform; HP's sRGB profile: found to be the identity.
        #expect(converted == stored, "\(entry.file): \(converted) vs \(stored)")
    }

    /// The core's default provider (no lcms2): matrix/TRC profiles, nclx and named spaces convert
    /// within the same bar; lookup-table and CMYK profiles are left as stored, with a warning, and
    /// fail a strict decode with a typed error.
    @Test(arguments: ColorCorpus.entries)
    func coreFastPathConvertsMatrixProfilesAndReportsTheRest(_ entry: ColorCorpus.Entry) throws {
        let source = try ColorCorpus.source(entry.file)
        let needsLCMS = entry.file.hasPrefix("cmyk") || entry.file.hasPrefix("p3lut")
        let (mean, warnings) = try ColorCorpus.exactMean(source, registry: ColorCorpus.fastPathRegistry)
        if needsLCMS {
            #expect(ColorCorpus.colorDistance(mean, entry.meanUntransformed) <= 0.01)
            #expect(warnings.count == 1 && warnings[0].message.contains("not a matrix/TRC"), "\(warnings)")
            #expect {
                _ = try ColorCorpus.exactMean(source, registry: ColorCorpus.fastPathRegistry, decoding: DecodeOptions(strictness: .strict))
            } throws: { error in
                guard case .colorConversion(.transformUnavailable(.notMatrixShaper)) = (error as? ImageError)?.kind else { return false }
                return true
            }
        } else {
            let distance = entry.acceptedMeans.map { ColorCorpus.colorDistance(mean, $0) }.min()!
            #expect(distance <= 1.5, "\(entry.file): \(mean) vs \(entry.acceptedMeans)")
            #expect(warnings.isEmpty)
        }
    }

    /// Display P3 output: a P3 image keeps its numbers; another space converts as lcms2 converts
    /// it to lcms2's own Display P3 (the stored rows through `LCMSTransform` to P3).
    @Test func displayP3Output() throws {
        let p3 = try ColorCorpus.source("p3-kodim23.jpg")
        let asP3 = try ColorCorpus.exactMean(p3, decoding: DecodeOptions(outputColorSpace: .displayP3)).mean
        #expect(ColorCorpus.colorDistance(asP3, ColorCorpus.entry("p3-kodim23.jpg").meanUntransformed) <= 0.01)

        for file in ["adobergb-kodim08.jpg", "p3lut-kodim05.jpg", "control-untagged-kodim01.jpg", "cmyk-swop-astronaut.jpg"] {
            let source = try ColorCorpus.source(file)
            let mean = try ColorCorpus.exactMean(source, decoding: DecodeOptions(outputColorSpace: .displayP3)).mean
            let reference = try Self.lcmsDisplayP3Mean(file)
            #expect(ColorCorpus.colorDistance(mean, reference) <= 0.5, "\(file): \(mean) vs lcms2 \(reference)")
            // And not sRGB's numbers, by more than the tolerance (photos' means are near neutral,
            // where the two spaces differ least).
            let sRGB = try ColorCorpus.exactMean(source).mean
            #expect(ColorCorpus.colorDistance(mean, sRGB) > 0.5, "\(file)")
        }
    }

    /// The mean of `file`'s stored rows converted by lcms2 from its profile (sRGB when untagged) to
    /// Display P3.
    static func lcmsDisplayP3Mean(_ file: String) throws -> [Double] {
        let reader = try ColorCorpus.lcmsRegistry.reader(for: ColorCorpus.source(file), options: DecodeOptions(outputColorSpace: nil))
        let profile: ColorProfile
        var samples = CMYKSamples.inkAmount
        var decoding = DecodeOptions(outputColorSpace: nil)
        switch reader.colorSpace {
        case .icc(let embedded):
            profile = embedded
            if embedded.dataColorSpace == .cmyk {
                samples = .inverted
                decoding.deliversStoredCMYK = true
            }
        default: profile = try ColorFixtures.profile("hp-srgb.icc")
        }
        let transform = try LCMSTransform(profile: profile, cmykSamples: samples, destination: .displayP3)
        var sink = ReferenceMeanTests.ConvertingSink(transform: transform)
        _ = try reader.decode(options: decoding, into: &sink)
        return sink.means
    }
}
