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

    @Test func sourceColorAgreesWithMaterialColorUtilitiesOnMostPhotos() throws {
        let reference = try Self.reference()
        let codecs = CodecRegistry([JPEGCodec()])
        #expect(reference.photos.count >= 14)
        var agreeing: [String] = []
        var report: [String] = []
        for photo in reference.photos {
            let url = try #require(Bundle.module.url(forResource: photo.file, withExtension: nil, subdirectory: "Fixtures/photos"))
            let palette = try codecs.palette(ofFileAt: url.path)
            if Self.agrees(palette.source, with: photo.full) { agreeing.append(photo.file) }
            report.append("\(photo.file): \(palette.source.hex) vs \(photo.full.source) (reduced \(photo.reduced.source))")
        }
        let share = Double(agreeing.count) / Double(reference.photos.count)
        #expect(share >= 0.85, "\(agreeing.count) of \(reference.photos.count) agree:\n\(report.joined(separator: "\n"))")
    }
}
