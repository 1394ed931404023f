/// Whether the app follows the system's light/dark style or overrides it. Contrast always follows the system.
public enum StylePreference: String, Sendable, Hashable, Codable, CaseIterable {
    /// Use the system's style.
    case system
    /// Always light.
    case light
    /// Always dark.
    case dark

    /// The effective appearance given the system's: the style overridden unless `.system`, contrast kept.
    public func applied(to systemAppearance: Appearance) -> Appearance {
        switch self {
        case .system: return systemAppearance
        case .light: return Appearance(style: .light, contrast: systemAppearance.contrast)
        case .dark: return Appearance(style: .dark, contrast: systemAppearance.contrast)
        }
    }
}
