import PixelKit
import Testing
@testable import Themes

/// A small deterministic generator so property checks are reproducible.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func byte() -> Double { Double(next() & 0xFF) }
    mutating func color() -> RGBAColor { RGBAColor(red: byte(), green: byte(), blue: byte()) }
}

@Suite struct ColorConversionTests {
    @Test func hexRoundTripsEveryShortFormAndRandomLongForms() throws {
        for value in 0..<4096 {
            let digits = Array("0123456789abcdef")
            let short = "#" + String([digits[value >> 8], digits[(value >> 4) & 15], digits[value & 15]])
            let color = try RGBAColor(hex: short)
            let long = try RGBAColor(hex: color.hex)
            #expect(long == color)
            // #RGB means each digit doubled.
            let doubled = "#" + short.dropFirst().map { "\($0)\($0)" }.joined().uppercased()
            #expect(color.hex == doubled)
        }
        var random = SplitMix64(state: 1)
        for _ in 0..<1000 {
            var color = random.color()
            color.alpha = random.byte()
            #expect(try RGBAColor(hex: color.hexWithAlpha) == color)
            #expect(try RGBAColor(hex: color.hexWithAlpha.lowercased().dropFirst().description) == color)
        }
    }

    @Test func hexAcceptsTheIssueSpellings() throws {
        let blue = RGBAColor(red: 0, green: 0x7A, blue: 0xFF)
        #expect(try RGBAColor(hex: "007aff") == blue)
        #expect(try RGBAColor(hex: "#007AFF") == blue)
        #expect(try RGBAColor(hex: "#007AFF80") == RGBAColor(red: 0, green: 0x7A, blue: 0xFF, alpha: 0x80))
        #expect(try RGBAColor(hex: "#fff") == RGBAColor(red: 255, green: 255, blue: 255))
    }

    @Test func malformedHexIsATypedErrorWithTheText() {
        #expect(throws: HexColorError.invalidCharacter(text: "#00zz00", character: "z", position: 3)) {
            try RGBAColor(hex: "#00zz00")
        }
        #expect(throws: HexColorError.invalidLength(text: "#12345", digitCount: 5)) { try RGBAColor(hex: "#12345") }
        #expect(throws: HexColorError.empty(text: "#")) { try RGBAColor(hex: "#") }
    }

    @Test func linearSRGBRoundTripsAndMatchesTheTransferFunction() {
        var random = SplitMix64(state: 2)
        for _ in 0..<500 {
            let color = random.color()
            let back = RGBAColor(color.linearSRGB)
            #expect(abs(back.red - color.red) < 1e-9 && abs(back.green - color.green) < 1e-9 && abs(back.blue - color.blue) < 1e-9)
        }
        // 50% encoded gray is about 21.4% linear light (IEC 61966-2-1).
        let gray = RGBAColor(red: 127.5, green: 127.5, blue: 127.5).linearSRGB
        #expect(abs(gray.red - 0.2140) < 1e-3)
    }

    @Test func oklabMatchesPublishedValues() {
        // Reference values from CSS Color 4 / Ottosson: white (1, 0, 0); sRGB red (0.62796, 0.22486, 0.12585);
        // sRGB green (0.86644, -0.23389, 0.17950); sRGB blue (0.45201, -0.03246, -0.31153).
        let cases: [(RGBAColor, (Double, Double, Double))] = [
            (RGBAColor(red: 255, green: 255, blue: 255), (1, 0, 0)),
            (RGBAColor(red: 255, green: 0, blue: 0), (0.62796, 0.22486, 0.12585)),
            (RGBAColor(red: 0, green: 255, blue: 0), (0.86644, -0.23389, 0.17950)),
            (RGBAColor(red: 0, green: 0, blue: 255), (0.45201, -0.03246, -0.31153)),
        ]
        for (color, expected) in cases {
            let lab = color.oklab
            #expect(abs(lab.lightness - expected.0) < 1e-4, "\(color)")
            #expect(abs(lab.a - expected.1) < 1e-4, "\(color)")
            #expect(abs(lab.b - expected.2) < 1e-4, "\(color)")
        }
    }

    @Test func oklchRoundTripsThroughSRGB() {
        var random = SplitMix64(state: 3)
        for _ in 0..<500 {
            let color = random.color()
            let lch = color.oklch
            #expect(lch.hue >= 0 && lch.hue < 360)
            #expect(lch.chroma >= 0)
            let back = RGBAColor(lch)
            // The published matrices have 10 significant digits, so the round trip is exact to ~1e-4 of a level.
            #expect(max(abs(back.red - color.red), abs(back.green - color.green), abs(back.blue - color.blue)) < 1e-3)
        }
    }

    @Test func quantizedClampsAndRounds() {
        let color = RGBAColor(red: -3, green: 127.5, blue: 300, alpha: .nan).quantized
        #expect(color == RGBAColor(red: 0, green: 128, blue: 255, alpha: 0))
    }
}
