/// The contrast of one on-X / X pair of a ``MaterialTheme`` in one appearance: the WCAG 2.x ratio it
/// was built to meet, and the APCA lightness contrast beside it (for information; see ``APCAContrast``).
public struct MaterialContrastCheck: Sendable, Hashable {
    /// The text/icon role.
    public let foreground: ThemeRole
    /// The role it is drawn on.
    public let background: ThemeRole
    /// The appearance.
    public let appearance: Appearance
    /// The WCAG 2.x ratio, 1…21.
    public let ratio: Double
    /// The ratio the pair must reach: 4.5 (AA), or 7 (AAA) in high contrast.
    public let minimum: Double
    /// APCA Lc of the foreground on the background.
    public let apcaLightnessContrast: Double

    /// Whether ``ratio`` reaches ``minimum``.
    public var passes: Bool { ratio >= minimum }
}
