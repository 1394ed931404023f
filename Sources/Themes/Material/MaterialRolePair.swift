/// An on-X / X pair of Material roles with the tones Material gives them in each appearance, from
/// the palette they are drawn from. The foreground's tone is a starting point: ``MaterialTheme``
/// moves it (and, if that is not enough, the background's) until the pair meets its contrast.
struct MaterialRolePair: Sendable {
    enum Source: Sendable { case primary, secondary, tertiary, neutral, error }

    var foreground: ThemeRole
    var background: ThemeRole
    var source: Source
    /// Tones (background, foreground) for light, dark, light high contrast, dark high contrast.
    var tones: [(background: Double, foreground: Double)]

    /// Material's classic scheme tones for normal contrast; high contrast pushes the accents one
    /// step further from the middle (light 40 → 30, dark 80 → 90) and the text to the extremes.
    static let all: [MaterialRolePair] = [
        MaterialRolePair(foreground: .onPrimary, background: .primary, source: .primary,
                         tones: [(40, 100), (80, 20), (30, 100), (90, 10)]),
        MaterialRolePair(foreground: .onPrimaryContainer, background: .primaryContainer, source: .primary,
                         tones: [(90, 10), (30, 90), (90, 5), (25, 98)]),
        MaterialRolePair(foreground: .onSecondary, background: .secondary, source: .secondary,
                         tones: [(40, 100), (80, 20), (30, 100), (90, 10)]),
        MaterialRolePair(foreground: .onTertiary, background: .tertiary, source: .tertiary,
                         tones: [(40, 100), (80, 20), (30, 100), (90, 10)]),
        MaterialRolePair(foreground: .onSurface, background: .surface, source: .neutral,
                         tones: [(99, 10), (10, 90), (99, 5), (5, 98)]),
        MaterialRolePair(foreground: .onBackground, background: .background, source: .neutral,
                         tones: [(99, 10), (10, 90), (99, 5), (5, 98)]),
        MaterialRolePair(foreground: .onError, background: .error, source: .error,
                         tones: [(40, 100), (80, 20), (30, 100), (90, 10)]),
    ]
}
