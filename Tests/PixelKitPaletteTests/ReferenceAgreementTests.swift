import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPalette
import Testing
import Themes

/// PixelKit's source color against material-color-utilities' on real photos
/// (Fixtures/palette_reference.json, made by Scripts/palette-reference.py from every pixel).
@Suite struct ReferenceAgreementTests {
    struct Reference: Decodable {
        struct Seed: Decodable {
            var source: String
            var hue: Double
            var chroma: Double
        }
        struct Photo: Decodable {
            var file: String
            var full: Seed
            var reduced: Seed
        }
        var photos: [Photo]
    }

    static func reference() throws -> Reference {
        let url = try #require(Bundle.module.url(forResource: "palette_reference", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }

    static func agrees(_ color: RGBAColor, with seed: Reference.Seed) -> Bool {
        let hct = color.hct
        let hueDifference = abs(hct.hue - seed.hue).truncatingRemainder(dividingBy: 360)
        return min(hueDifference, 360 - hueDifference) <= 15 && abs(hct.chroma - seed.chroma) <= 12
    }

    /// The share of photos whose source color, computed with `accuracy`, agrees with the reference
    /// computed from the same pixels (`reduced` for the fast decode, `full` for every pixel).
    static func agreement(accuracy: AverageAccuracy) throws -> (share: Double, report: String) {
        let reference = try Self.reference()
        let codecs = CodecRegistry([JPEGCodec()])
        var agreeing = 0
        var report: [String] = []
        for photo in reference.photos {
            let url = try #require(Bundle.module.url(forResource: photo.file, withExtension: nil, subdirectory: "Fixtures/photos"))
            let palette = try codecs.palette(of: url.path, options: .init(accuracy: accuracy))
            let seed = accuracy == .fast ? photo.reduced : photo.full
            let agrees = Self.agrees(palette.source, with: seed)
            if agrees { agreeing += 1 }
            report.append("\(photo.file): \(palette.source.hex) vs \(seed.source)\(agrees ? "" : " (disagrees)")")
        }
        #expect(reference.photos.count == 14)
        return (Double(agreeing) / Double(reference.photos.count), report.joined(separator: "\n"))
    }

    @Test func fastSourceColorAgreesWithReferenceOnTheSameReducedDecode() throws {
        let (share, report) = try Self.agreement(accuracy: .fast)
        #expect(share >= 0.85, "\(report)")
    }

    @Test func exactSourceColorAgreesWithReferenceOnEveryPixel() throws {
        let (share, report) = try Self.agreement(accuracy: .exact)
        #expect(share >= 0.85, "\(report)")
    }
}
