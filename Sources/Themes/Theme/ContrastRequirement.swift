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

/// One requirement evaluated for one scheme in one appearance.
public struct ContrastCheck: Sendable, Hashable {
    /// The scheme's name.
    public let scheme: String
    /// The appearance both roles were resolved for.
    public let appearance: Appearance
    /// The requirement checked.
    public let requirement: ContrastRequirement
    /// The achieved WCAG ratio, 1…21 (nil if the scheme lacks one of the roles).
    public let ratio: Double?

    /// Creates a check result.
    public init(scheme: String, appearance: Appearance, requirement: ContrastRequirement, ratio: Double?) {
        self.scheme = scheme
        self.appearance = appearance
        self.requirement = requirement
        self.ratio = ratio
    }

    /// Whether the ratio reaches the requirement's minimum.
    public var passes: Bool { (ratio ?? 0) >= requirement.minimum }
}
