/// A semantic color role in a theme ("label", "tint"…). The common roles are provided; apps add their
/// own with `extension ThemeRole { static let unreadBadge: ThemeRole = "unreadBadge" }` (and list them
/// under `customRoles` in theme files).
public struct ThemeRole: RawRepresentable, Sendable, Hashable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The role's name as written in theme files.
    public let rawValue: String

    /// Creates a role from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a role from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The role's name.
    public var description: String { rawValue }

    /// Orders roles by name.
    public static func < (lhs: ThemeRole, rhs: ThemeRole) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The main background of a screen. Derived variants of other roles target contrast against it.
    public static let background: ThemeRole = "background"
    /// The background of grouped content or cards drawn over `background`.
    public static let secondaryBackground: ThemeRole = "secondaryBackground"
    /// Primary text.
    public static let label: ThemeRole = "label"
    /// Secondary text (subtitles, metadata).
    public static let secondaryLabel: ThemeRole = "secondaryLabel"
    /// Tertiary text (placeholders, disabled text).
    public static let tertiaryLabel: ThemeRole = "tertiaryLabel"
    /// The accent color of controls.
    public static let tint: ThemeRole = "tint"
    /// Links in text.
    public static let link: ThemeRole = "link"
    /// Thin lines between content.
    public static let separator: ThemeRole = "separator"

    /// The roles every theme file may use without declaring them.
    public static let builtIn: [ThemeRole] = [
        .background, .secondaryBackground, .label, .secondaryLabel, .tertiaryLabel, .tint, .link, .separator,
    ]
}
