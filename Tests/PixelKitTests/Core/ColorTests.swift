import PixelKit
import Testing

@Suite("RGBAColor hex")
struct ColorTests {
    @Test(arguments: [
        ("007aff", RGBAColor(red: 0, green: 122, blue: 255)),
        ("#007AFF", RGBAColor(red: 0, green: 122, blue: 255)),
        ("#0af", RGBAColor(red: 0, green: 170, blue: 255)),
        (" #FFFFFF80 ", RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)),
    ])
    func parses(text: String, expected: RGBAColor) throws {
        #expect(try RGBAColor(hex: text) == expected)
    }

    @Test func rejectsBadText() {
        #expect(throws: HexColorError.invalidCharacter(text: "#12345G", character: "G", position: 6)) { try RGBAColor(hex: "#12345G") }
        #expect(throws: HexColorError.invalidLength(text: "#1234", digitCount: 4)) { try RGBAColor(hex: "#1234") }
        #expect(throws: HexColorError.empty(text: "#")) { try RGBAColor(hex: "#") }
        #expect(throws: HexColorError.invalidCharacter(text: "#１２３", character: "１", position: 1)) { try RGBAColor(hex: "#１２３") }
    }

    @Test func formatsRoundedAndClamped() {
        #expect(RGBAColor(red: 127.5, green: 0.49, blue: 300).hex == "#8000FF")
        #expect(RGBAColor(red: -3, green: .nan, blue: 254.5, alpha: 0).hexWithAlpha == "#0000FF00")
    }

    @Test func hexRoundTripsEveryByte() throws {
        for value in 0...255 {
            let color = RGBAColor(red: Double(value), green: Double(255 - value), blue: Double(value / 2), alpha: Double(value))
            #expect(try RGBAColor(hex: color.hexWithAlpha) == color)
        }
    }

    @Test func srgbTransferMatchesTheStandard() {
        #expect(abs(SRGBTransfer.linear(fromEncoded: 0.5) - 0.214041) < 1e-6)
        #expect(abs(SRGBTransfer.encoded(fromLinear: 0.214041) - 0.5) < 1e-6)
        #expect(SRGBTransfer.linearTable[255] == 1 && SRGBTransfer.linearTable[0] == 0)
    }
}
