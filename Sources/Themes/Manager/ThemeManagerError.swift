/// Why a ``ThemeManager`` operation failed.
public enum ThemeManagerError: Error, CustomStringConvertible {
    /// No scheme of that name in the catalog.
    case unknownScheme(String)
    /// The change was applied but the store could not save it.
    case persistenceFailed(any Error)

    /// A readable sentence naming the problem.
    public var description: String {
        switch self {
        case .unknownScheme(let name): return "unknown scheme \"\(name)\""
        case .persistenceFailed(let error): return "could not save the theme preference: \(error)"
        }
    }
}
