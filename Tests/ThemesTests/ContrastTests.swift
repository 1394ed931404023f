import PixelKit
import Testing
@testable import Themes

@Suite struct ContrastTests {
    let black = RGBAColor(red: 0, green: 0, blue: 0)
    let white = RGBAColor(red: 255, green: 255, blue: 255)

    @Test func wcagExtremesAndSymmetry() throws {
        #expect(WCAGContrast.ratio(black, white) == 21)
        #expect(WCAGContrast.ratio(white, black) == 21)
        #expect(WCAGContrast.ratio(white, white) == 1)
        var random = SplitMix64(state: 4)
        for _ in 0..<200 {
            let first = random.color(), second = random.color()
            let ratio = WCAGContrast.ratio(first, second)
            #expect(ratio == WCAGContrast.ratio(second, first))
            #expect((1...21).contains(ratio))
        }
    }

    @Test func wcagPublishedGrays() throws {
        // Widely published: #767676 is the lightest gray passing AA on white (4.54:1); #777777 fails (4.48:1).
        let passing = WCAGContrast.ratio(try RGBAColor(hex: "#767676"), white)
        let failing = WCAGContrast.ratio(try RGBAColor(hex: "#777777"), white)
        #expect((passing * 100).rounded() / 100 == 4.54)
        #expect((failing * 100).rounded() / 100 == 4.48)
        #expect(WCAGRequirement.aaNormalText.isMet(by: passing))
        #expect(!WCAGRequirement.aaNormalText.isMet(by: failing))
    }

    @Test func relativeLuminanceUsesTheWCAGWeights() {
        #expect(abs(RGBAColor(red: 255, green: 0, blue: 0).relativeLuminance - 0.2126) < 1e-12)
        #expect(abs(RGBAColor(red: 0, green: 255, blue: 0).relativeLuminance - 0.7152) < 1e-12)
        #expect(abs(RGBAColor(red: 0, green: 0, blue: 255).relativeLuminance - 0.0722) < 1e-12)
    }

    @Test func blackWhiteCrossoverGivesBoth458() {
        // facts.md §3.2: at L = sqrt(1.05 · 0.05) − 0.05 black and white tie at ≈ 4.58:1.
        let crossover = (1.05 * 0.05).squareRoot() - 0.05
        let againstBlack = WCAGContrast.ratio(luminance: crossover, 0)
        let againstWhite = WCAGContrast.ratio(luminance: crossover, 1)
        #expect(abs(againstBlack - againstWhite) < 1e-12)
        #expect(abs(againstBlack - 4.58) < 0.005)
    }

    @Test func wcagRequirementThresholds() {
        #expect(WCAGRequirement.aaNormalText.minimumRatio == 4.5)
        #expect(WCAGRequirement.aaaNormalText.minimumRatio == 7)
        #expect(WCAGRequirement.aaLargeText.minimumRatio == 3)
        #expect(WCAGRequirement.aaaLargeText.minimumRatio == 4.5)
        #expect(WCAGRequirement.nonTextUI.minimumRatio == 3)
    }

    @Test(arguments: [
        ("#888", "#FFF", 63.056469930209424),
        ("#FFF", "#888", -68.54146436644962),
        ("#000", "#aaa", 58.146262578561334),
        ("#aaa", "#000", -56.24113336839742),
        ("#123", "#def", 91.66830811481631),
        ("#def", "#123", -93.06770049484275),
        ("#123", "#444", 8.32326136957393),
        ("#444", "#123", -7.526878460278154),
    ])
    func apcaReferenceVectors(text: String, background: String, expected: Double) throws {
        // Myndex/apca-w3@4c290e7 test/index.js (facts.md §3.3).
        let lc = APCAContrast.lightnessContrast(text: try RGBAColor(hex: text), background: try RGBAColor(hex: background))
        #expect(abs(lc - expected) < 1e-9)
    }

    @Test func apcaTranslucentTextVector() {
        // `#0006` on `#fff` → 54.62184067441377 (alpha 0x66 = 102).
        let text = RGBAColor(red: 0, green: 0, blue: 0, alpha: 102)
        let lc = APCAContrast.lightnessContrast(text: text, background: white)
        #expect(abs(lc - 54.62184067441377) < 1e-9)
    }

    @Test func apcaIsZeroForIdenticalColors() {
        #expect(APCAContrast.lightnessContrast(text: white, background: white) == 0)
    }

    @Test func readableTextPicksTheBetterOfBlackAndWhite() {
        var random = SplitMix64(state: 5)
        for _ in 0..<500 {
            let background = random.color()
            let choice = ReadableTextColor(over: background)
            let blackRatio = WCAGContrast.ratio(black, background)
            let whiteRatio = WCAGContrast.ratio(white, background)
            #expect(choice.ratio == max(blackRatio, whiteRatio))
            #expect(choice.ratio >= 4.58 - 1e-9)  // facts.md §3.2 guarantee
            #expect(choice.meetsMinimum)
            #expect(choice.source == (whiteRatio > blackRatio ? .white : .black))
        }
    }

    @Test func readableTextKeepsAPassingPreferredColor() throws {
        let label = try RGBAColor(hex: "#1C1C1E")
        let onLight = ReadableTextColor(over: try RGBAColor(hex: "#E0E0E0"), preferred: label)
        #expect(onLight.source == .preferred)
        #expect(onLight.color == label)
        let onDark = ReadableTextColor(over: try RGBAColor(hex: "#303030"), preferred: label)
        #expect(onDark.source == .white)
        let demanding = ReadableTextColor(over: try RGBAColor(hex: "#808080"), minimumRatio: 7)
        #expect(!demanding.meetsMinimum)  // mid gray cannot reach 7:1 with black or white
        #expect(demanding.ratio == WCAGContrast.ratio(black, try RGBAColor(hex: "#808080")))
    }
}
