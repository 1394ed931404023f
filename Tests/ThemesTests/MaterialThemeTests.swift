import PixelKit
import PropertyBased
import Testing
@testable import Themes

@Suite struct MaterialThemeTests {
    @Test func everyPairMeetsItsContrastForManySeeds() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...255), Gen.int(in: 0...255), Gen.int(in: 0...255)) { r, g, b in
            let seed = RGBAColor(red: Double(r), green: Double(g), blue: Double(b))
            let theme = MaterialTheme(seed: seed)
            let checks = theme.contrastChecks
            #expect(checks.count == 7 * 4)
            for check in checks {
                #expect(check.passes, "\(seed.hex) \(check.appearance) \(check.foreground)/\(check.background): \(check.ratio)")
                #expect(check.minimum == (check.appearance.contrast == .high ? 7 : 4.5))
                // APCA agrees on the polarity: dark text on light gives positive Lc.
                let resolved = theme.theme.resolved(for: check.appearance)
                let foregroundIsDarker = resolved[check.foreground]!.relativeLuminance < resolved[check.background]!.relativeLuminance
                #expect((check.apcaLightnessContrast > 0) == foregroundIsDarker)
            }
        }
    }

    @Test func extremeSeedsStillMeetContrast() throws {
        for hex in ["#000000", "#FFFFFF", "#808080", "#FFFF00", "#00FFFF", "#FF00FF", "#4285F4", "#777777"] {
            let theme = MaterialTheme(seed: try RGBAColor(hex: hex))
            #expect(theme.contrastChecks.allSatisfy { $0.passes }, "\(hex)")
        }
    }

    @Test func lightRolesFollowMaterialTonesForGoogleBlue() throws {
        let theme = MaterialTheme(seed: try RGBAColor(hex: "#4285F4"))
        let light = theme.theme.resolved(for: .light)
        let dark = theme.theme.resolved(for: .dark)
        // Material tones: primary T40 light, T80 dark; on-primary T100 / T20 (contrast already met).
        #expect(abs(light[.primary]!.hct.tone - 40) < 0.6)
        #expect(light[.onPrimary]!.hex == "#FFFFFF")
        #expect(abs(dark[.primary]!.hct.tone - 80) < 0.6)
        #expect(abs(dark[.onPrimary]!.hct.tone - 20) < 0.6)
        #expect(abs(light[.primary]!.hct.hue - theme.seed.hct.hue) < 2)
        #expect(abs(theme.palettes.tertiary.hue - (theme.seed.hct.hue + 60).truncatingRemainder(dividingBy: 360)) < 1e-9)
    }

    @Test func catalogRoundTripsThroughAThemeFile() throws {
        let theme = MaterialTheme(seed: try RGBAColor(hex: "#C1431B"), name: "artwork")
        let bytes = try theme.catalog.jsonBytes()
        let loaded = try ThemeCatalog(jsonBytes: bytes)
        #expect(loaded == theme.catalog)
        #expect(loaded.contrastChecks().allSatisfy { $0.passes })
        #expect(loaded.theme(named: "artwork")?.roles == MaterialTheme.roles)
    }

    @Test func midToneBackgroundIsMovedWhenTextCannotReachHighContrast() {
        // At tone 50 neither black nor white reaches 7:1, so the background itself must move.
        let palette = TonalPalette(hue: 200, chroma: 30)
        let pair = MaterialTheme.readablePair(palette: palette, backgroundTone: 50, foregroundTone: 100, minimum: 7)
        #expect(WCAGContrast.ratio(pair.foreground, pair.background) >= 7)
        #expect(pair.background.hct.tone < 40)
    }
}
