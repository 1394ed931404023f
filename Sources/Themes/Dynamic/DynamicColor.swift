import PixelKit

/// A color that resolves per appearance (light/dark × normal/high contrast), like a UIKit dynamic color
/// but resolvable anywhere: all four variants are stored, so resolving is a switch with no allocation.
///
/// Fallbacks when a variant is not given: dark → light; light high contrast → light;
/// dark high contrast → dark (itself possibly light). Theme files can derive missing variants from
/// contrast instead (see ``ContrastAdjustment``).
public struct DynamicColor: Sendable, Hashable {
    /// The color in light, normal contrast.
    public let light: RGBAColor
    /// The color in dark, normal contrast.
    public let dark: RGBAColor
    /// The color in light, high contrast.
    public let lightHighContrast: RGBAColor
    /// The color in dark, high contrast.
    public let darkHighContrast: RGBAColor

    /// Creates a dynamic color; absent variants fall back as described on the type.
    public init(
        light: RGBAColor, dark: RGBAColor? = nil,
        lightHighContrast: RGBAColor? = nil, darkHighContrast: RGBAColor? = nil
    ) {
        self.light = light
        self.dark = dark ?? light
        self.lightHighContrast = lightHighContrast ?? light
        self.darkHighContrast = darkHighContrast ?? dark ?? light
    }

    /// A color that is the same in every appearance.
    public init(_ color: RGBAColor) {
        self.init(light: color)
    }

    /// The concrete color for `appearance`.
    @inlinable
    public func resolved(for appearance: Appearance) -> RGBAColor {
        switch (appearance.style, appearance.contrast) {
        case (.light, .normal): return light
        case (.dark, .normal): return dark
        case (.light, .high): return lightHighContrast
        case (.dark, .high): return darkHighContrast
        }
    }
}
