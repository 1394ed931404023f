/// The traits a dynamic color resolves against: light or dark style × normal or high contrast
/// (UIKit's `userInterfaceStyle` and `accessibilityContrast`).
public struct Appearance: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Light or dark interface style.
    public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
        /// The light interface style.
        case light
        /// The dark interface style.
        case dark
    }

    /// Normal or increased contrast (the accessibility "Increase Contrast" setting).
    public enum Contrast: String, Sendable, Hashable, Codable, CaseIterable {
        /// The standard contrast.
        case normal
        /// Increased contrast, as with the "Increase Contrast" accessibility setting.
        case high
    }

    /// Light or dark.
    public var style: Style
    /// Normal or high contrast.
    public var contrast: Contrast

    /// Creates an appearance from its two traits.
    public init(style: Style, contrast: Contrast = .normal) {
        self.style = style
        self.contrast = contrast
    }

    /// Light style, normal contrast.
    public static let light = Appearance(style: .light)
    /// Dark style, normal contrast.
    public static let dark = Appearance(style: .dark)
    /// Light style, high contrast.
    public static let lightHighContrast = Appearance(style: .light, contrast: .high)
    /// Dark style, high contrast.
    public static let darkHighContrast = Appearance(style: .dark, contrast: .high)

    /// The four appearances, in the order light, dark, lightHighContrast, darkHighContrast.
    public static let all: [Appearance] = [.light, .dark, .lightHighContrast, .darkHighContrast]

    /// The variant name used in theme files: `light`, `dark`, `lightHighContrast` or `darkHighContrast`.
    public var variantName: String {
        switch (style, contrast) {
        case (.light, .normal): return "light"
        case (.dark, .normal): return "dark"
        case (.light, .high): return "lightHighContrast"
        case (.dark, .high): return "darkHighContrast"
        }
    }

    /// Same as `variantName`.
    public var description: String { variantName }

    /// The appearance whose `variantName` is `name`, or nil.
    public init?(variantName name: String) {
        guard let match = Appearance.all.first(where: { $0.variantName == name }) else { return nil }
        self = match
    }
}
