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
