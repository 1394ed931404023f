import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Results encode with `JSONEncoder`, decode back to the same value, and use the field names of
/// the command line's JSON (`pixelkit info`, `pixelkit average`).
@Suite("Codable results")
struct CodableResultTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

    static func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> (Value, [String: Any]?) {
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(Value.self, from: data)
        return (decoded, try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: ["photos/rocket.jpg", "photos/camera.png", "exif-orientation/Landscape_6.jpg"])
    func averageResultsRoundTripWithTheCommandLinesFields(_ file: String) throws {
        for options in [AverageOptions(), AverageOptions(algorithm: .linear, accuracy: .exact)] {
            let result = try Self.codecs.averageColor(of: Fixtures.path(file), options: options)
            let (decoded, object) = try Self.roundTrip(result)
            #expect(decoded == result)
            let json = try #require(object)
            // `pixelkit average`'s fields (without "file" and the optional "warnings"), then the round trip's.
            #expect(Set(json.keys) == ["width", "height", "rgba", "hex", "algorithm", "exact", "info", "decodedSize"])
            #expect(json["hex"] as? String == result.color.hex)
            #expect(json["exact"] as? Bool == result.isExact)
            #expect(json["width"] as? Int == result.info.width)
            // (Foundation's `JSONSerialization` parses doubles inexactly on Linux: compare through `JSONDecoder`.)
            struct RGBAField: Decodable { var rgba: [Double] }
            #expect(try JSONDecoder().decode(RGBAField.self, from: JSONEncoder().encode(result)).rgba == result.color.components)

            let (info, infoObject) = try Self.roundTrip(result.info)
            #expect(info == result.info)
            // `pixelkit info`'s fields without "file".
            #expect(Set(try #require(infoObject).keys) == [
                "format", "width", "height", "orientation", "bitDepth", "hasAlpha", "colorModel", "progressive", "frames", "animated", "colorSpace", "iccProfile",
            ])
            #expect(infoObject?["orientation"] as? Int == result.info.orientation.rawValue)
            #expect(infoObject?["format"] as? String == result.info.format.rawValue)
        }
    }

    @Test func warningsRoundTripAsTheCommandLinesMessages() throws {
        let bytes = try Fixtures.bytes("photos/rocket.jpg")
        let result = try Self.codecs.averageColor(of: Array(bytes.prefix(bytes.count * 2 / 3)))
        try #require(!result.warnings.isEmpty)
        let (decoded, object) = try Self.roundTrip(result)
        #expect(decoded == result)
        #expect(object?["warnings"] as? [String] == result.warnings.map(\.message))
        let warning = try #require(result.warnings.first)
        #expect(try Self.roundTrip(warning).0 == warning)
    }

    @Test func colorsKeepEveryBitOfTheirComponents() throws {
        let color = RGBAColor(red: 127.5, green: 0.1 + 0.2, blue: 1.0 / 3.0, alpha: 254.99999999999997)
        let data = try JSONEncoder().encode(color)
        #expect(try JSONDecoder().decode(RGBAColor.self, from: data) == color)
        #expect(try JSONDecoder().decode([Double].self, from: data) == color.components)
        #expect(try Self.roundTrip(PixelSize(width: 8000, height: 6000)).0 == PixelSize(width: 8000, height: 6000))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RGBAColor.self, from: Data("[1,2,3]".utf8)) }
    }
}
