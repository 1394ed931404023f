/// A declared minimum WCAG contrast between two roles of every scheme, e.g. label on background ≥ 4.5.
/// It must hold in all four appearances.
public struct ContrastRequirement: Sendable, Hashable, Codable {
    /// The role drawn on top (text, icon).
    public var foreground: ThemeRole
    /// The role underneath.
    public var background: ThemeRole
    /// The minimum WCAG 2.x ratio, 1…21.
    public var minimum: Double

    /// Creates a requirement.
    public init(foreground: ThemeRole, background: ThemeRole, minimum: Double) {
        self.foreground = foreground
        self.background = background
        self.minimum = minimum
    }
}
