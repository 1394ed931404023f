import Foundation

/// A ``ThemePreferenceStore`` keeping the preference as a small JSON file, replaced atomically on save.
public struct JSONFileThemePreferenceStore: ThemePreferenceStore, Sendable {
    /// Files larger than this (bytes) are rejected rather than read: a preference is a few dozen bytes.
    public static let maxBytes = 64 * 1024

    /// The file's path.
    public let path: String

    /// A store at `path`; the file is created on first save (its directory must exist).
    public init(path: String) {
        self.path = path
    }

    /// Reads the file; nil if it does not exist.
    /// - Throws: ``ThemePreferenceStoreError`` if it cannot be read, is too large, or is not a preference.
    public func loadPreference() throws(ThemePreferenceStoreError) -> ThemePreference? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, reason: "cannot open") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.maxBytes + 1) ?? Data()
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        guard data.count <= Self.maxBytes else { throw .unreadable(path: path, reason: "larger than \(Self.maxBytes) bytes") }
        do {
            return try JSONDecoder().decode(ThemePreference.self, from: data)
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    /// Writes the preference as JSON, atomically (a crash leaves the old file or the new one).
    /// - Throws: ``ThemePreferenceStoreError/unwritable(path:reason:)``.
    public func savePreference(_ preference: ThemePreference) throws(ThemePreferenceStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try encoder.encode(preference).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
    }
}
