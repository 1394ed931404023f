import Foundation
import Layout
import PixelKit
import Testing
@testable import PixelKitCLI
import PixelKitCommandSupport
import PixelKitPlatform

/// The CLI's one JSON writer, and the proof that its lines and the library's `Codable` types are one shape.
struct OrderedJSONEncoderTests {
    private struct ThreeFields: Encodable {
        let a: Int
        let b: String
        let c: Bool
    }

    /// The keys of a compact JSON object line, in the order printed.
    private static func keys(of line: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"[{,]"([A-Za-z]+)":"#)
        return regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range(at: 1), in: line).map { String(line[$0]) }
        }
    }

    @Test func fileComesFirstThenTheResultsFieldsInTheirOrder() throws {
        let line = try OrderedJSONEncoder.encode(FileLine(file: "a.png", LayoutRect(x: 0.5, y: 2, width: 1e20, height: -3)))
        #expect(line == #"{"file":"a.png","x":0.5,"y":2,"width":1e+20,"height":-3}"#)
    }

    @Test func nonFiniteNumbersAreAnError() {
        #expect(throws: EncodingError.self) {
            try OrderedJSONEncoder.encode(LayoutRect(x: .nan, y: 0, width: 1, height: 1))
        }
        #expect(throws: EncodingError.self) {
            try OrderedJSONEncoder.encode(FileLine(file: "a", [1.0, -.infinity]))
        }
    }

    @Test func stringsAreEscapedAsTheContractSays() throws {
        let line = try OrderedJSONEncoder.encode(FailureField("q\"b\\n\n\r\t\u{1}é"))
        #expect(line == #"{"error":"q\"b\\n\n\r\t\u0001é"}"#)
    }

    @Test func omittingFieldsDropsOnlyTheNamedFieldsOfTheWrappedValue() throws {
        let value = ThreeFields(a: 1, b: "x", c: true)
        #expect(try OrderedJSONEncoder.encode(FileLine(file: "f", OmittingFields(value, omitting: ["b", "file"])))
            == #"{"file":"f","a":1,"c":true}"#)
        // Other encoders get every field: the omission is only the CLI's older line.
        let decoded = try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(OmittingFields(value, omitting: ["b"]))) as? [String: Any]
        #expect(decoded?["b"] as? String == "x")
    }

    @Test func orderedFieldsKeepRunTimeKeysInOrder() throws {
        let line = try OrderedJSONEncoder.encode(OrderedFields(fields: [(key: "z", value: "#000000"), (key: "a", value: "#FFFFFF")]))
        #expect(line == ##"{"z":"#000000","a":"#FFFFFF"}"##)
    }

    /// `theme check`'s missing ratio and `fetch`'s missing summaries print `null`, not nothing.
    @Test func anEncodedNilIsNull() throws {
        let line = try OrderedJSONEncoder.encode(OrderedFields(fields: [(key: "ratio", value: Double?.none), (key: "minimum", value: 4.5)]))
        #expect(line == #"{"ratio":null,"minimum":4.5}"#)
    }

    /// `pixelkit info`'s line is `"file"` plus the library's ``ImageInfo`` JSON: it decodes into it.
    @Test func infoLineDecodesAsImageInfo() throws {
        let path = PixelKitProcess.fixture("exif-orientation/Landscape_6.jpg")
        let output = try PixelKitProcess.run(["info", path])
        #expect(output.status == 0)
        let raw = try #require(output.rawLines.first)
        #expect(Self.keys(of: raw) == ["file", "format", "width", "height", "orientation", "bitDepth", "hasAlpha", "colorModel", "progressive", "frames", "animated", "colorSpace", "iccProfile"])
        struct Named: Decodable { let file: String }
        let data = Data(raw.utf8)
        #expect(try JSONDecoder().decode(Named.self, from: data).file == path)
        let decoded = try JSONDecoder().decode(ImageInfo.self, from: data)
        let probed = try StandardCodecs.registry.probe(RawArguments.imageSources([path])[0])
        #expect(decoded == probed)
        #expect(decoded.orientation.rawValue == 6)
    }

    /// Lines made of a library value with fields the CLI did not print keep their old keys and order.
    @Test func averageAndGalleryLinesKeepTheirOldFields() throws {
        let average = try PixelKitProcess.run(["average", PixelKitProcess.fixture("pngsuite/basn6a08.png")])
        #expect(average.status == 0)
        #expect(Self.keys(of: try #require(average.rawLines.first)) == ["file", "width", "height", "rgba", "hex", "algorithm", "exact"])
        let gallery = try PixelKitProcess.run(["layout", "gallery", "--count", "2", "--width", "390"])
        #expect(gallery.status == 0)
        #expect(gallery.rawLines.count == 2)
        for line in gallery.rawLines {
            #expect(Self.keys(of: line) == ["index", "shape", "x", "y", "width", "height"])
        }
    }
}
