/// Why ``JSONFileThemePreferenceStore`` could not load or save.
public enum ThemePreferenceStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read or written: a missing directory, a full disk, a FIFO or
    /// directory where the file should be, a symbolic link (never followed), a file over
    /// ``JSONFileThemePreferenceStore/maxBytes`` (`FileError.Problem.tooLarge`).
    case file(FileError)
    /// The file is not a JSON ``ThemePreference`` (or the preference could not be encoded as one).
    case malformed(path: String, reason: String)

    /// The `FileError` of ``file(_:)``; `nil` for a malformed preference.
    public var fileError: FileError? {
        if case .file(let error) = self { return error }
        return nil
    }

    /// A readable sentence naming the file and the problem.
    public var description: String {
        switch self {
        case .file(let error): return "theme preference: \(error)"
        case .malformed(let path, let reason): return "malformed theme preference \"\(path)\": \(reason)"
        }
    }
}
