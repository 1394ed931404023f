/// Where ``ThemeManager`` keeps the user's choice between launches (a file, `UserDefaults`, a test double).
public protocol ThemePreferenceStore {
    /// The saved preference, or nil if none was saved yet.
    func loadPreference() throws -> ThemePreference?
    /// Saves `preference`, replacing any earlier one.
    func savePreference(_ preference: ThemePreference) throws
}
