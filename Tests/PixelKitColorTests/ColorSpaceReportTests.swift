import Foundation
import PixelKit
import Testing

/// What each codec reports about the corpus files' colors (`ImageInfo`, `ImageReader.colorSpace`),
/// and `ImageInfo`'s JSON with the new fields.
@Suite struct ColorSpaceReportTests {
    /// Tagged files and the sRGB-ICC control name their profile's description (reference.json's);
    /// nclx names its space; untagged files, an sRGB chunk and gAMA/cHRM alone are not profiles.
    @Test(arguments: ColorCorpus.entries)
    func infoNamesTheStatedSpace(_ entry: ColorCorpus.Entry) throws {
        let info = try ColorCorpus.lcmsRegistry.probe(ColorCorpus.source(entry.file))
        switch entry.file {
        case "p3-nclx-kodim13.avif":
            #expect(info.colorSpaceName == "Display P3" && !info.hasColorProfile)
        case "control-nclx-srgb-kodim08.avif", "control-srgb-chunk-coffee.png":
            #expect(info.colorSpaceName == "sRGB" && !info.hasColorProfile)
        case "control-untagged-kodim01.jpg", "control-untagged-rocket.webp", "gama-chrm-kodim03.png":
            #expect(info.colorSpaceName == nil && !info.hasColorProfile)
        default:
            let description = try #require(entry.profile?.description)
            #expect(info.colorSpaceName == description)
            #expect(info.hasColorProfile)
        }
    }

    @Test func readerStatesTheSpaceItConvertsFrom() throws {
        let cmyk = try ColorCorpus.lcmsRegistry.reader(for: ColorCorpus.source("cmyk-swop-astronaut.jpg"))
        guard case .icc(let profile) = cmyk.colorSpace else { Issue.record("\(cmyk.colorSpace)"); return }
        // Three APP2 markers reassembled: the whole profile, as extracted at copy time.
        #expect(profile.bytes == (try ColorFixtures.bytes("swop-cmyk.icc")))
        #expect(try ColorCorpus.lcmsRegistry.reader(for: ColorCorpus.source("p3-nclx-kodim13.avif")).colorSpace == .displayP3)
        #expect(try ColorCorpus.lcmsRegistry.reader(for: ColorCorpus.source("control-untagged-kodim01.jpg")).colorSpace == .sRGB)
    }

    /// The fields are appended to the JSON (the contract); JSON written before they existed
    /// (a pipeline's disk summary) still decodes, as untagged.
    @Test func jsonAppendsTheFieldsAndReadsOldJSON() throws {
        var info = ImageInfo(format: .jpeg, size: PixelSize(width: 2, height: 1))
        info.describeColor(.displayP3, embedsProfile: false)
        let encoder = JSONEncoder()
        let json = String(decoding: try encoder.encode(info), as: UTF8.self)
        #expect(json.contains("\"colorSpace\":\"Display P3\"") && json.contains("\"iccProfile\":false"))
        #expect(try JSONDecoder().decode(ImageInfo.self, from: Data(json.utf8)) == info)

        let old = #"{"format":"jpeg","width":2,"height":1,"orientation":1,"bitDepth":8,"hasAlpha":false,"colorModel":"rgb","progressive":false,"frames":1,"animated":false}"#
        let decoded = try JSONDecoder().decode(ImageInfo.self, from: Data(old.utf8))
        #expect(decoded.colorSpaceName == nil && !decoded.hasColorProfile)
        #expect(decoded == ImageInfo(format: .jpeg, size: PixelSize(width: 2, height: 1)))
    }
}
