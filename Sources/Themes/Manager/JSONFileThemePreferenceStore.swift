#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKit
import PixelKitPlatform

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
        let bytes: [UInt8]
        do {
            bytes = try RegularFileReader().readWhole(PlatformPath(path), limit: Self.maxBytes)
        } catch .system(_, .open, ENOENT) {
            return nil
        } catch {
            throw .file(FileError(error))
        }
        do {
            return try JSONDecoder().decode(ThemePreference.self, from: Data(bytes))
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    /// Writes the preference as JSON, atomically (a crash or a full disk leaves the old file or the
    /// new one), never through a symbolic link at `path`.
    /// - Throws: ``ThemePreferenceStoreError/file(_:)``.
    public func savePreference(_ preference: ThemePreference) throws(ThemePreferenceStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(preference) } catch { throw .malformed(path: path, reason: "\(error)") }
        do {
            try AtomicFileWriter().write([UInt8](data), to: PlatformPath(path))
        } catch {
            throw .file(FileError(error))
        }
    }
}
