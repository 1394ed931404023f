import PixelKit
import Testing
import Themes

/// HCT against material-color-utilities' published values (materialyoucolor 3.0.4 `Hct.from_int`).
@Suite struct HCTTests {
    @Test(arguments: [
        // hex, hue, chroma, tone — reference values printed by materialyoucolor.
        ("#4285F4", 265.979, 62.269, 56.55),
        ("#FF0000", 27.408, 113.358, 53.233),
        ("#00FF00", 142.14, 108.41, 87.737),
        ("#0000FF", 282.788, 87.231, 32.303),
        ("#FFFFFF", 209.492, 2.869, 100.0),
    ])
    func hctMatchesTheReference(hex: String, hue: Double, chroma: Double, tone: Double) throws {
        let hct = try RGBAColor(hex: hex).hct
        #expect(abs(hct.hue - hue) < 0.6)
        #expect(abs(hct.chroma - chroma) < 0.6)
        #expect(abs(hct.tone - tone) < 0.05)
    }

    @Test func solverKeepsToneAndReturnsTheColorItCameFrom() throws {
        for hex in ["#4285F4", "#C1431B", "#2F4169", "#CCE115", "#783C11", "#808080"] {
            let color = try RGBAColor(hex: hex)
            let hct = color.hct
            let back = HCT(hue: hct.hue, chroma: hct.chroma, tone: hct.tone).color
            #expect(abs(back.red - color.red) <= 1 && abs(back.green - color.green) <= 1 && abs(back.blue - color.blue) <= 1,
                    "\(hex) → \(back.hex)")
        }
    }

    @Test func tonalPaletteMatchesTheReference() {
        // materialyoucolor 3.0.4: TonalPalette.from_hue_and_chroma(267, 48).tone(t).
        let palette = TonalPalette(hue: 267, chroma: 48)
        let expected = [0: "#000000", 10: "#001A43", 20: "#002E6B", 40: "#335CA8", 80: "#AEC6FF", 90: "#D8E2FF", 99: "#FEFBFF", 100: "#FFFFFF"]
        for (tone, hex) in expected {
            let color = palette.tone(Double(tone))
            let reference = try! RGBAColor(hex: hex)
            #expect(abs(color.red - reference.red) <= 1 && abs(color.green - reference.green) <= 1
                    && abs(color.blue - reference.blue) <= 1, "tone \(tone): \(color.hex) vs \(hex)")
        }
    }

    @Test func outOfGamutChromaIsReducedAtTheSameTone() {
        for tone in stride(from: 5.0, through: 95, by: 10) {
            let color = HCT(hue: 140, chroma: 200, tone: tone).color
            #expect(abs(color.hct.tone - tone) < 0.6, "tone \(tone) → \(color.hex)")
        }
    }
}
