import PixelKit

/// A Material-style theme built from one seed color (for example an image's palette source):
/// six tonal palettes and the roles primary/onPrimary, primaryContainer/onPrimaryContainer,
/// secondary/onSecondary, tertiary/onTertiary, surface/onSurface, background/onBackground and
/// error/onError in light, dark and both high-contrast appearances, as a ``Theme``.
///
/// Every on-X / X pair meets WCAG 2.x 4.5:1 (7:1 in high contrast) by construction: each starts
/// from Material's tones, then the foreground's tone moves away from the background's (one L\* step
/// at a time, checked on the final 8-bit colors) until the ratio is met; if even black or white is
/// not enough, the background's tone moves outward and the search repeats. Because HCT tone is
/// L\*, which fixes the luminance, this always ends. ``contrastChecks`` reports the ratios with APCA.
public struct MaterialTheme: Sendable, Hashable {
    /// The seed color.
    public let seed: RGBAColor
    /// The tonal palettes.
    public let palettes: MaterialPalettes
    /// The roles, in ``roles`` order, with all four appearances.
    public let theme: Theme

    /// The roles in the order they are written: each background before its on-color.
    public static let roles: [ThemeRole] = MaterialRolePair.all.flatMap { [$0.background, $0.foreground] }

    /// WCAG minimum for each pair: AA normal text, AAA in high contrast.
    public static func minimumRatio(for appearance: Appearance) -> Double {
        appearance.contrast == .high ? 7 : 4.5
    }

    /// Builds the theme of `seed`, named `name`.
    public init(seed: RGBAColor, name: String = "material") {
        self.seed = seed
        palettes = MaterialPalettes(seed: seed)
        var colors: [(ThemeRole, DynamicColor)] = []
        for pair in MaterialRolePair.all {
            let palette = palettes.palette(for: pair.source)
            var backgrounds: [RGBAColor] = []
            var foregrounds: [RGBAColor] = []
            for (index, appearance) in Appearance.all.enumerated() {
                let tones = pair.tones[index]
                let (background, foreground) = Self.readablePair(
                    palette: palette, backgroundTone: tones.background, foregroundTone: tones.foreground,
                    minimum: Self.minimumRatio(for: appearance))
                backgrounds.append(background)
                foregrounds.append(foreground)
            }
            colors.append((pair.background, DynamicColor(
                light: backgrounds[0], dark: backgrounds[1], lightHighContrast: backgrounds[2], darkHighContrast: backgrounds[3])))
            colors.append((pair.foreground, DynamicColor(
                light: foregrounds[0], dark: foregrounds[1], lightHighContrast: foregrounds[2], darkHighContrast: foregrounds[3])))
        }
        theme = Theme(name: name, colors: colors)
    }

    /// Background and foreground from `palette` that reach `minimum`, starting at the given tones.
    static func readablePair(
        palette: TonalPalette, backgroundTone: Double, foregroundTone: Double, minimum: Double
    ) -> (background: RGBAColor, foreground: RGBAColor) {
        var backgroundTone = backgroundTone
        // The foreground lies on the side of the background it starts on: lighter text on a dark
        // fill goes up toward white, darker text on a light fill down toward black.
        let upward = foregroundTone > backgroundTone
        while true {
            let background = palette.tone(backgroundTone)
            var tone = foregroundTone
            while true {
                let foreground = palette.tone(tone)
                if WCAGContrast.ratio(foreground, background) >= minimum { return (background, foreground) }
                if upward ? tone >= 100 : tone <= 0 { break }
                tone = upward ? min(100, tone + 1) : max(0, tone - 1)
            }
            // Even black or white falls short: give the background more room.
            if upward ? backgroundTone <= 0 : backgroundTone >= 100 { return (background, palette.tone(upward ? 100 : 0)) }
            backgroundTone = upward ? max(0, backgroundTone - 1) : min(100, backgroundTone + 1)
        }
    }

    /// Every pair in every appearance, with its WCAG ratio, minimum and APCA Lc.
    public var contrastChecks: [MaterialContrastCheck] {
        var checks: [MaterialContrastCheck] = []
        for appearance in Appearance.all {
            let resolved = theme.resolved(for: appearance)
            for pair in MaterialRolePair.all {
                guard let foreground = resolved[pair.foreground], let background = resolved[pair.background] else { continue }
                checks.append(MaterialContrastCheck(
                    foreground: pair.foreground, background: pair.background, appearance: appearance,
                    ratio: WCAGContrast.ratio(foreground, background), minimum: Self.minimumRatio(for: appearance),
                    apcaLightnessContrast: APCAContrast.lightnessContrast(text: foreground, background: background)))
            }
        }
        return checks
    }

    /// The theme as a one-scheme catalog whose file the `theme` commands read: the Material roles
    /// other than `background` are declared custom roles, and every pair is a 4.5:1 requirement.
    public var catalog: ThemeCatalog {
        ThemeCatalog(
            themes: [theme],
            contrastRequirements: MaterialRolePair.all.map {
                ContrastRequirement(foreground: $0.foreground, background: $0.background, minimum: 4.5)
            },
            customRoles: Self.roles.filter { !ThemeRole.builtIn.contains($0) })
    }
}

extension MaterialPalettes {
    func palette(for source: MaterialRolePair.Source) -> TonalPalette {
        switch source {
        case .primary: return primary
        case .secondary: return secondary
        case .tertiary: return tertiary
        case .neutral: return neutral
        case .error: return error
        }
    }
}
