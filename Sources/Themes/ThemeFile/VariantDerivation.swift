import PixelKit

/// Fills in the variants a theme file leaves out (the rule the Themes guide, `Sources/Themes/Themes.docc/ThemesGuide.md`, documents):
///
/// - Surfaces (`background` and every role used as a requirement's background) are never derived:
///   their high-contrast variants fall back to the normal ones.
/// - Any other role's **target** is the WCAG ratio its light color has against the light `background`
///   (so the designer's intent carries over), raised to the minimum of every requirement naming it
///   as foreground. A missing `dark` is the light color moved in OKLCH lightness (hue kept) until it
///   reaches that target against the dark `background`, then each requirement's minimum against
///   that requirement's dark surface (``ContrastAdjustment``).
/// - Missing high-contrast variants do the same from light (resp. dark) against the high-contrast
///   surfaces, with every target multiplied by 7/4.5 (the AAA/AA step) and capped at 21.
enum VariantDerivation {
    /// The factor between a normal and a high-contrast target: AA 4.5 → AAA 7.
    static let highContrastFactor = 7.0 / 4.5

    /// A declared role: the variants the file gave, light always present.
    struct DeclaredRole {
        var role: ThemeRole
        var light: RGBAColor
        var variants: [Appearance: RGBAColor]
    }

    static func complete(
        _ declared: [DeclaredRole], surfaces: Set<ThemeRole>, requirements: [ContrastRequirement]
    ) -> [(ThemeRole, DynamicColor)] {
        func fallback(_ role: DeclaredRole) -> DynamicColor {
            DynamicColor(
                light: role.light, dark: role.variants[.dark],
                lightHighContrast: role.variants[.lightHighContrast], darkHighContrast: role.variants[.darkHighContrast])
        }
        var surfaceColors: [ThemeRole: DynamicColor] = [:]
        for role in declared where surfaces.contains(role.role) { surfaceColors[role.role] = fallback(role) }
        guard let background = surfaceColors[.background] else { return declared.map { ($0.role, fallback($0)) } }

        func surface(_ role: ThemeRole, _ appearance: Appearance) -> RGBAColor {
            (surfaceColors[role] ?? background).resolved(for: appearance)
        }
        return declared.map { role in
            if let color = surfaceColors[role.role] { return (role.role, color) }
            let governing = requirements.filter { $0.foreground == role.role }
            let normalTarget = governing.reduce(WCAGContrast.ratio(role.light, background.light)) { max($0, $1.minimum) }
            func derive(from start: RGBAColor, for appearance: Appearance) -> RGBAColor {
                func target(_ minimum: Double) -> Double {
                    appearance.contrast == .high ? min(21, minimum * highContrastFactor) : minimum
                }
                var color = ContrastAdjustment.adjustingLightness(
                    of: start, against: surface(.background, appearance), toReach: target(normalTarget))
                for requirement in governing {
                    color = ContrastAdjustment.adjustingLightness(
                        of: color, against: surface(requirement.background, appearance), toReach: target(requirement.minimum))
                }
                return color
            }
            let dark = role.variants[.dark] ?? derive(from: role.light, for: .dark)
            return (role.role, DynamicColor(
                light: role.light, dark: dark,
                lightHighContrast: role.variants[.lightHighContrast] ?? derive(from: role.light, for: .lightHighContrast),
                darkHighContrast: role.variants[.darkHighContrast] ?? derive(from: dark, for: .darkHighContrast)))
        }
    }
}
