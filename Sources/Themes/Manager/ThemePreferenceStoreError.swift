/// Why ``JSONFileThemePreferenceStore`` could not load or save.
public enum ThemePreferenceStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read (or is too large).
    case unreadable(path: String, reason: String)
    /// The file is not a JSON ``ThemePreference``.
    case malformed(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)

    /// A readable sentence naming the file and the problem.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "theme preference \"\(path)\": \(reason)"
        case .malformed(let path, let reason): return "malformed theme preference \"\(path)\": \(reason)"
        case .unwritable(let path, let reason): return "cannot write theme preference \"\(path)\": \(reason)"
        }
    }
}
