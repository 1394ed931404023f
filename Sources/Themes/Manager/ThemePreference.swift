/// The user's theme choice, as persisted: a scheme and whether to follow the system's light/dark style.
public struct ThemePreference: Sendable, Hashable, Codable {
    /// The chosen scheme's name.
    public var schemeName: String
    /// Follow the system style, or force light or dark.
    public var style: StylePreference

    /// Creates a preference.
    public init(schemeName: String, style: StylePreference = .system) {
        self.schemeName = schemeName
        self.style = style
    }
}
