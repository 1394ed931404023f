import PixelKit
import PixelKitTestSupport
import Testing

/// Damaged or hostile embedded profiles: a lenient decode delivers the stored samples with a
/// warning, a strict one throws `ImageError.colorConversion` naming the damage; never a crash.
@Suite struct EmbeddedProfileDamageTests {
    /// The CMYK file: its 187,484-byte profile spans three APP2 markers.
    static func cmykSegments() throws -> JPEGSegments { JPEGSegments(try ColorFixtures.bytes("cmyk-swop-astronaut.jpg")) }

    /// Decodes `bytes` leniently (expecting the stored mean and one warning containing `message`)
    /// and strictly (expecting `issue`).
    static func expectUnconverted(_ bytes: [UInt8], file: String, message: String, issue: (ColorConversionIssue) -> Bool) throws {
        let (mean, warnings) = try ColorCorpus.exactMean(.bytes(bytes))
        #expect(ColorCorpus.colorDistance(mean, ColorCorpus.entry(file).meanUntransformed) <= 0.01, "stored samples: \(mean)")
        #expect(warnings.count == 1 && warnings[0].message.contains(message), "\(warnings)")
        #expect {
            _ = try ColorCorpus.exactMean(.bytes(bytes), decoding: DecodeOptions(strictness: .strict))
        } throws: { error in
            guard case .colorConversion(let found) = (error as? ImageError)?.kind else { return false }
            return issue(found)
        }
        // With conversion off the profile is not used: no warning, no error.
        #expect(try ColorCorpus.exactMean(.bytes(bytes), decoding: DecodeOptions(strictness: .strict, outputColorSpace: nil)).warnings.isEmpty)
    }

    static func isMarkerDamage(_ issue: ColorConversionIssue) -> Bool {
        if case .damagedProfileMarkers = issue { return true }
        return false
    }

    @Test func piecesOutOfOrderAreReassembledInSequenceOrder() throws {
        var jpeg = try Self.cmykSegments()
        let icc = jpeg.iccIndices
        #expect(icc.count == 3)
        jpeg.segments.swapAt(icc[0], icc[2])
        let (mean, warnings) = try ColorCorpus.exactMean(.bytes(jpeg.bytes))
        #expect(ColorCorpus.colorDistance(mean, ColorCorpus.entry("cmyk-swop-astronaut.jpg").acceptedMeans[0]) <= 1.5)
        #expect(warnings.isEmpty)
    }

    @Test func missingPiece() throws {
        var jpeg = try Self.cmykSegments()
        jpeg.segments.remove(at: jpeg.iccIndices[1])
        try Self.expectUnconverted(jpeg.bytes, file: "cmyk-swop-astronaut.jpg", message: "marker 2 of 3 missing", issue: Self.isMarkerDamage)
    }

    @Test func repeatedPiece() throws {
        var jpeg = try Self.cmykSegments()
        let second = jpeg.iccIndices[1]
        jpeg.segments.insert(jpeg.segments[second], at: second)
        try Self.expectUnconverted(jpeg.bytes, file: "cmyk-swop-astronaut.jpg", message: "marker 2 of 3 repeated", issue: Self.isMarkerDamage)
    }

    @Test(arguments: [0, 4, 255])
    func sequenceNumberOutOfRange(_ sequence: Int) throws {
        var jpeg = try Self.cmykSegments()
        jpeg.segments[jpeg.iccIndices[2]].payload[12] = UInt8(sequence)
        try Self.expectUnconverted(
            jpeg.bytes, file: "cmyk-swop-astronaut.jpg", message: "sequence number \(sequence) outside 1…3", issue: Self.isMarkerDamage)
    }

    @Test func countsThatDisagree() throws {
        var jpeg = try Self.cmykSegments()
        jpeg.segments[jpeg.iccIndices[0]].payload[13] = 4
        try Self.expectUnconverted(jpeg.bytes, file: "cmyk-swop-astronaut.jpg", message: "different counts", issue: Self.isMarkerDamage)
    }

    @Test func profileOverTheByteLimitIsNotKept() throws {
        let bytes = try ColorFixtures.bytes("cmyk-swop-astronaut.jpg")
        let limits = DecodingLimits(maxColorProfileBytes: 100_000)
        let (mean, warnings) = try ColorCorpus.exactMean(.bytes(bytes), decoding: DecodeOptions(limits: limits))
        #expect(ColorCorpus.colorDistance(mean, ColorCorpus.entry("cmyk-swop-astronaut.jpg").meanUntransformed) <= 0.01)
        #expect(warnings.map(\.message) == ["embedded color profile not used: color profile of 187484 bytes exceeds the 100000-byte limit"])
        #expect(throws: ImageError.colorConversion(.unusableProfile(.tooLarge(byteCount: 187_484, limit: 100_000)))) {
            _ = try ColorCorpus.exactMean(.bytes(bytes), decoding: DecodeOptions(strictness: .strict, limits: limits))
        }
    }

    @Test func truncatedProfile() throws {
        var jpeg = JPEGSegments(try ColorFixtures.bytes("p3-kodim23.jpg"))
        jpeg.embed(profile: Array(try ColorFixtures.bytes("display-p3.icc").prefix(400)))
        try Self.expectUnconverted(jpeg.bytes, file: "p3-kodim23.jpg", message: "declares 696 bytes but has 400") { issue in
            issue == .unusableProfile(.declaredSizeMismatch(declared: 696, actual: 400))
        }
    }

    @Test func profileLyingAboutItsSize() throws {
        var profile = try ColorFixtures.bytes("display-p3.icc")
        profile[0] = 0x7F  // declares about 2 GB
        var jpeg = JPEGSegments(try ColorFixtures.bytes("p3-kodim23.jpg"))
        jpeg.embed(profile: profile)
        try Self.expectUnconverted(jpeg.bytes, file: "p3-kodim23.jpg", message: "declares") { issue in
            if case .unusableProfile(.declaredSizeMismatch) = issue { return true }
            return false
        }
    }

    @Test func cmykProfileOnAnRGBImage() throws {
        var jpeg = JPEGSegments(try ColorFixtures.bytes("p3-kodim23.jpg"))
        jpeg.embed(profile: try ColorFixtures.bytes("swop-cmyk.icc"))
        try Self.expectUnconverted(jpeg.bytes, file: "p3-kodim23.jpg", message: "CMYK color profile does not fit the image's ycbcr samples") { issue in
            issue == .profileMismatch(profile: .cmyk, colorModel: .ycbcr)
        }
    }

    @Test func grayProfileOnAColorImage() throws {
        var jpeg = JPEGSegments(try ColorFixtures.bytes("p3-kodim23.jpg"))
        jpeg.embed(profile: try ColorFixtures.bytes("gray-gamma-1.8.icc"))
        try Self.expectUnconverted(jpeg.bytes, file: "p3-kodim23.jpg", message: "GRAY color profile does not fit") { issue in
            issue == .profileMismatch(profile: .gray, colorModel: .ycbcr)
        }
    }

    /// A WebP `ICCP` chunk whose profile lost its `acsp` signature.
    @Test func webPProfileWithoutSignature() throws {
        var bytes = try ColorFixtures.bytes("p3-chelsea.webp")
        let chunk = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("ICCP".utf8) })
        bytes.replaceSubrange(chunk + 8 + 36..<chunk + 8 + 40, with: Array("xxxx".utf8))
        try Self.expectUnconverted(bytes, file: "p3-chelsea.webp", message: "no 'acsp' signature") { issue in
            issue == .unusableProfile(.missingSignature)
        }
    }

    /// Arbitrary bytes in place of the profile, in every size up to a few hundred: never a crash.
    @Test func garbageProfilesNeverCrash() throws {
        var generator = SeededGenerator(seed: 40)
        for size in stride(from: 1, to: 800, by: 37) {
            var profile = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if size >= 40 { profile.replaceSubrange(36..<40, with: Array("acsp".utf8)) }
            var jpeg = JPEGSegments(try ColorFixtures.bytes("p3-kodim23.jpg"))
            jpeg.embed(profile: profile)
            let (_, warnings) = try ColorCorpus.exactMean(.bytes(jpeg.bytes))
            #expect(warnings.count == 1, "size \(size)")
        }
    }
}
