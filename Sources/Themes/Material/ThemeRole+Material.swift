/// Material's color roles (`background` is the built-in ``ThemeRole/background``).
extension ThemeRole {
    /// Material: the main accent (filled buttons, active states).
    public static let primary: ThemeRole = "primary"
    /// Material: text and icons on `primary`.
    public static let onPrimary: ThemeRole = "onPrimary"
    /// Material: a less prominent fill in the primary hue.
    public static let primaryContainer: ThemeRole = "primaryContainer"
    /// Material: text and icons on `primaryContainer`.
    public static let onPrimaryContainer: ThemeRole = "onPrimaryContainer"
    /// Material: the secondary accent.
    public static let secondary: ThemeRole = "secondary"
    /// Material: text and icons on `secondary`.
    public static let onSecondary: ThemeRole = "onSecondary"
    /// Material: the tertiary, contrasting accent.
    public static let tertiary: ThemeRole = "tertiary"
    /// Material: text and icons on `tertiary`.
    public static let onTertiary: ThemeRole = "onTertiary"
    /// Material: cards, sheets, menus.
    public static let surface: ThemeRole = "surface"
    /// Material: text and icons on `surface`.
    public static let onSurface: ThemeRole = "onSurface"
    /// Material: text and icons on `background`.
    public static let onBackground: ThemeRole = "onBackground"
    /// Material: errors.
    public static let error: ThemeRole = "error"
    /// Material: text and icons on `error`.
    public static let onError: ThemeRole = "onError"
}
