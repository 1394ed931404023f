import PixelKit
@testable import PixelKitColor
import Testing

/// Which engine converts what, the cache, and CMYK's two sample conventions.
@Suite struct EngineChoiceTests {
    @Test func matrixProfilesTakeTheFastPathAndOthersLCMS2() throws {
        let management = ColorManagement()
        #expect(try management.transformToSRGB(from: .sRGB) == nil)
        #expect(try management.transformToSRGB(from: .icc(ColorFixtures.profile("rec2020.icc"))) is MatrixShaperTransform)
        #expect(try management.transformToSRGB(from: .icc(ColorFixtures.profile("display-p3-lut.icc"))) is LCMSTransform)
        #expect(try management.transformToSRGB(from: .icc(ColorFixtures.profile("swop-cmyk.icc"))) is LCMSTransform)
    }

    @Test func transformsAreCachedByProfileContent() throws {
        let management = ColorManagement(cacheCapacity: 1)
        let bytes = try ColorFixtures.bytes("swop-cmyk.icc")
        let first = try #require(try management.transformToSRGB(from: .icc(ColorProfile(bytes: bytes))) as? LCMSTransform)
        let again = try #require(try management.transformToSRGB(from: .icc(ColorProfile(bytes: bytes))) as? LCMSTransform)
        #expect(first === again)
        _ = try management.transformToSRGB(from: .icc(ColorFixtures.profile("display-p3-lut.icc")))
        let evicted = try #require(try management.transformToSRGB(from: .icc(ColorProfile(bytes: bytes))) as? LCMSTransform)
        #expect(first !== evicted)
    }

    /// No ink is paper white, and Adobe's inverted samples give what the ICC convention gives.
    @Test func cmykConventions() throws {
        let profile = try ColorFixtures.profile("swop-cmyk.icc")
        let management = ColorManagement()
        let ink = try #require(try management.transformToSRGB(from: .icc(profile), cmykSamples: .inkAmount))
        let inverted = try #require(try management.transformToSRGB(from: .icc(profile), cmykSamples: .inverted))
        let samples: [UInt8] = [0, 0, 0, 0, 255, 0, 0, 0, 0, 200, 40, 10, 30, 60, 90, 255]
        var converted = samples
        converted.withUnsafeMutableBufferPointer { ink.convert($0) }
        var convertedInverted = samples.map { 255 - $0 }
        convertedInverted.withUnsafeMutableBufferPointer { inverted.convert($0) }
        #expect(converted == convertedInverted)
        #expect(converted[0..<4].allSatisfy { $0 >= 250 }, "no ink gives \(converted[0..<4])")
        // SWOP's darkest black, relative colorimetric without black-point compensation, is not 0.
        #expect(converted[12..<15].allSatisfy { $0 <= 60 }, "full black gives \(converted[12..<15])")
        #expect(stride(from: 3, to: converted.count, by: 4).allSatisfy { converted[$0] == 255 })
        #expect(converted[4] < 100 && converted[5] > 150, "full cyan gives \(converted[4..<8])")
    }

    /// Converting into another buffer gives the in-place result and leaves the source alone.
    /// A profile of the destination space itself converts nothing: HP's sRGB profile (what many
    /// photos embed) to sRGB, the Display P3 profile to Display P3; both providers skip it.
    @Test func profilesOfTheDestinationAreSkipped() throws {
        let sRGB = try ColorFixtures.profile("hp-srgb.icc"), p3 = try ColorFixtures.profile("display-p3.icc")
        for provider in [ColorManagement() as any ColorTransformProvider, MatrixShaperProvider()] {
            #expect(try provider.transform(to: .sRGB, from: .icc(sRGB), cmykSamples: .inkAmount) == nil)
            #expect(try provider.transform(to: .displayP3, from: .icc(p3), cmykSamples: .inkAmount) == nil)
            #expect(try provider.transform(to: .sRGB, from: .icc(p3), cmykSamples: .inkAmount) != nil)
            #expect(try provider.transform(to: .displayP3, from: .icc(sRGB), cmykSamples: .inkAmount) != nil)
        }
    }

    /// lcms2's transforms (the default copy-then-convert) and the fast path's one-pass conversion,
    /// a partial pixel at the end included.
    @Test(arguments: ["display-p3-lut.icc", "display-p3.icc"])
    func convertingIntoABufferMatchesInPlace(_ profile: String) throws {
        let transform = try #require(try ColorManagement().transformToSRGB(from: .icc(ColorFixtures.profile(profile))))
        let source: [UInt8] = (0..<66).map { UInt8($0 * 3) }
        var inPlace = source
        inPlace.withUnsafeMutableBufferPointer { transform.convert($0) }
        var destination = [UInt8](repeating: 0, count: source.count)
        source.withUnsafeBufferPointer { input in destination.withUnsafeMutableBufferPointer { transform.convert(input, into: $0) } }
        #expect(destination == inPlace)
        #expect(inPlace != source)
        #expect(inPlace.suffix(2) == source.suffix(2), "the partial pixel is left as is")
    }

    /// Many tasks asking at once for the same profile's transform get one transform, and it converts
    /// rows concurrently to the same result (`cmsFLAGS_NOCACHE`).
    @Test func concurrentRequestsShareOneTransform() async throws {
        let management = ColorManagement()
        let profile = try ColorFixtures.profile("swop-cmyk.icc")
        let row: [UInt8] = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let results = try await withThrowingTaskGroup(of: (ObjectIdentifier, [UInt8]).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let transform = try #require(try management.transformToSRGB(from: .icc(profile)) as? LCMSTransform)
                    var converted = row
                    converted.withUnsafeMutableBufferPointer { transform.convert($0) }
                    return (ObjectIdentifier(transform), converted)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results.map(\.0)).count == 1)
        #expect(Set(results.map(\.1)).count == 1)
    }
}
