import PixelKit
import Testing
@testable import Themes

@Suite struct DynamicColorTests {
    let red = RGBAColor(red: 255, green: 0, blue: 0)
    let green = RGBAColor(red: 0, green: 255, blue: 0)
    let blue = RGBAColor(red: 0, green: 0, blue: 255)
    let gray = RGBAColor(red: 128, green: 128, blue: 128)

    @Test func allVariantsResolveToThemselves() {
        let color = DynamicColor(light: red, dark: green, lightHighContrast: blue, darkHighContrast: gray)
        #expect(color.resolved(for: .light) == red)
        #expect(color.resolved(for: .dark) == green)
        #expect(color.resolved(for: .lightHighContrast) == blue)
        #expect(color.resolved(for: .darkHighContrast) == gray)
    }

    @Test func missingVariantsFallBack() {
        let lightOnly = DynamicColor(red)
        for appearance in Appearance.all { #expect(lightOnly.resolved(for: appearance) == red) }
        let lightDark = DynamicColor(light: red, dark: green)
        #expect(lightDark.resolved(for: .lightHighContrast) == red)
        #expect(lightDark.resolved(for: .darkHighContrast) == green)
        let highLightOnly = DynamicColor(light: red, lightHighContrast: blue)
        #expect(highLightOnly.resolved(for: .dark) == red)
        #expect(highLightOnly.resolved(for: .darkHighContrast) == red)
    }

    @Test func appearanceVariantNamesRoundTrip() {
        #expect(Appearance.all.map(\.variantName) == ["light", "dark", "lightHighContrast", "darkHighContrast"])
        for appearance in Appearance.all { #expect(Appearance(variantName: appearance.variantName) == appearance) }
        #expect(Appearance(variantName: "Dark") == nil)
    }

    @Test func styleOverrideKeepsSystemContrast() {
        #expect(StylePreference.dark.applied(to: .lightHighContrast) == .darkHighContrast)
        #expect(StylePreference.light.applied(to: .dark) == .light)
        #expect(StylePreference.system.applied(to: .darkHighContrast) == .darkHighContrast)
    }
}

@Suite struct ContrastAdjustmentTests {
    let black = RGBAColor(red: 0, green: 0, blue: 0)
    let white = RGBAColor(red: 255, green: 255, blue: 255)

    @Test func passingColorIsUnchanged() throws {
        let blue = try RGBAColor(hex: "#007AFF")
        #expect(ContrastAdjustment.adjustingLightness(of: blue, against: black, toReach: 4.5) == blue)
    }

    @Test func seedBlueBrightensOnDarkBackgroundsKeepingHue() throws {
        // The seed's idea: #007AFF in light mode, a brighter blue (#4BA1FF, 7.8:1 on black) in dark mode.
        let blue = try RGBAColor(hex: "#007AFF")
        let seedDark = try RGBAColor(hex: "#4BA1FF")
        let target = WCAGContrast.ratio(seedDark, black)
        let derived = ContrastAdjustment.adjustingLightness(of: blue, against: black, toReach: target)
        #expect(WCAGContrast.ratio(derived, black) >= target)
        #expect(derived.oklch.lightness > blue.oklch.lightness)
        #expect(abs(derived.oklch.hue - blue.oklch.hue) < 3)
        // Close to the hand-picked seed color: every channel within 40 of it.
        #expect(abs(derived.red - seedDark.red) < 40 && abs(derived.green - seedDark.green) < 40 && abs(derived.blue - seedDark.blue) < 40)
        #expect(derived == derived.quantized)
    }

    @Test func resultIsMinimalAndDeterministic() throws {
        var random = SplitMix64(state: 6)
        let backgrounds = [try RGBAColor(hex: "#1C1C1E"), try RGBAColor(hex: "#FFFFFF"), try RGBAColor(hex: "#733105")]
        for _ in 0..<60 {
            let color = random.color()
            for background in backgrounds {
                for target in [3.0, 4.5, 7.0] {
                    let derived = ContrastAdjustment.adjustingLightness(of: color, against: background, toReach: target)
                    #expect(derived == ContrastAdjustment.adjustingLightness(of: color, against: background, toReach: target))
                    let best = max(WCAGContrast.ratio(black, background), WCAGContrast.ratio(white, background))
                    guard best >= target else { continue }
                    #expect(WCAGContrast.ratio(derived, background) >= target, "\(color) on \(background) → \(derived)")
                    if WCAGContrast.ratio(color, background) < target {
                        // Going 0.02 back toward the start in lightness must fail (within 8-bit rounding).
                        var probe = derived.oklch
                        let step = probe.lightness > color.oklch.lightness ? -0.02 : 0.02
                        probe.lightness += step
                        probe.chroma = min(probe.chroma, color.oklch.chroma)
                        let backward = ContrastAdjustment.inGamut(probe)
                        #expect(WCAGContrast.ratio(backward, background) < target, "\(color) on \(background) → \(derived)")
                    }
                }
            }
        }
    }

    @Test func impossibleTargetReturnsTheExtreme() throws {
        let gray = try RGBAColor(hex: "#808080")
        let derived = ContrastAdjustment.adjustingLightness(of: try RGBAColor(hex: "#707070"), against: gray, toReach: 10)
        #expect(derived == black)  // black gives 5.3:1 on #808080, white 3.9:1; neither reaches 10
    }
}
