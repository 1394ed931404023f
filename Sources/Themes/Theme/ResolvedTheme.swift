import PixelKit

/// A theme in one appearance: what observers receive, and what views read their colors from.
public struct ResolvedTheme: Sendable, Hashable {
    /// The scheme.
    public let theme: Theme
    /// The appearance colors resolve for.
    public let appearance: Appearance

    /// Pairs a theme with an appearance.
    public init(theme: Theme, appearance: Appearance) {
        self.theme = theme
        self.appearance = appearance
    }

    /// The concrete color of `role` in this appearance, or nil if the theme does not define the role.
    public subscript(role: ThemeRole) -> RGBAColor? { theme[role]?.resolved(for: appearance) }

    /// A readable text color over `background`: this theme's `label` color if it reaches
    /// `minimumRatio`, otherwise black or white (see ``ReadableTextColor``).
    public func readableText(over background: RGBAColor, minimumRatio: Double = 4.5) -> ReadableTextColor {
        ReadableTextColor(over: background, preferred: self[.label], minimumRatio: minimumRatio)
    }
}
