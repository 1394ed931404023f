import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Header facts against PngSuite's file naming scheme (schaik.com/pngsuite): the 4th letter is `i`
/// (Adam7-interlaced) or `n`, then the color type digit, a letter, and the two-digit bit depth,
/// e.g. `basi3p04` = interlaced, palette, 4-bit.
@Suite struct PNGProbeTests {
    static let namedSuiteFiles = PNGTestSupport.referenceFiles.filter { file in
        let name = file.split(separator: "/").last.map(String.init) ?? ""
        return name.wholeMatch(of: /[a-z0-9]{3}[in][02346][gcpa][0-9]{2}\.png/) != nil
    }

    @Test func namedFilesCoverTheSuite() {
        #expect(Self.namedSuiteFiles.count >= 150)
    }

    @Test(arguments: namedSuiteFiles)
    func probeMatchesFileName(_ file: String) throws {
        let name = Array(file.split(separator: "/").last!)
        let info = try PNGTestSupport.codec.probe(.file(path: Fixtures.path(file)), limits: .init())
        let colorModels: [Character: ImageInfo.ColorModel] = ["0": .gray, "2": .rgb, "3": .palette, "4": .grayAlpha, "6": .rgba]
        #expect(info.isProgressive == (name[3] == "i"))
        #expect(info.colorModel == colorModels[name[4]])
        #expect(info.bitDepth == Int(String(name[6...7])))
        if name[4] == "4" || name[4] == "6" { #expect(info.hasAlpha) }
        #expect(info.orientation == .up)
    }

    /// `tbbn`/`tbrn`/`tp1n` files carry a tRNS chunk; the `basn` files without an alpha channel do not.
    @Test(arguments: [
        ("pngsuite/tbbn0g04.png", true), ("pngsuite/tbrn2c08.png", true), ("pngsuite/tbbn3p08.png", true),
        ("pngsuite/tp1n3p08.png", true), ("pngsuite/basn0g08.png", false), ("pngsuite/basn2c08.png", false),
        ("pngsuite/basn3p08.png", false),
    ])
    func transparencyChunkMeansAlpha(_ file: String, hasAlpha: Bool) throws {
        #expect(try PNGTestSupport.codec.probe(.file(path: Fixtures.path(file)), limits: .init()).hasAlpha == hasAlpha)
    }

    @Test func recognizesOnlyTheSignature() throws {
        let codec = PNGTestSupport.codec
        #expect(codec.signatureLength == 8)
        #expect(codec.recognizes(Array(try Fixtures.bytes("pngsuite/basn0g08.png").prefix(8))))
        #expect(!codec.recognizes([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46]))
        #expect(!codec.recognizes([137, 80, 78, 71]))
        #expect(codec.format == .png && codec.fileExtension == "png")
    }

    @Test func registryPicksPNGCodec() throws {
        let registry = CodecRegistry([PNGCodec()])
        let (image, report) = try registry.decodeImage(.file(path: Fixtures.path("pngsuite/basn6a08.png")))
        #expect(report.info.format == .png)
        #expect(image.size == PixelSize(width: 32, height: 32))
        #expect(try registry.encoder(for: .png).fileExtension == "png")
    }
}
