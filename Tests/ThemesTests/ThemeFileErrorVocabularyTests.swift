import Foundation
import Testing
import Themes

/// Issue 30, "one error voice": theme files and the preference store fail with the package's one
/// `FileError`, in the same words as images ("is a FIFO, not a regular file").
@Suite("Themes' file errors: one vocabulary")
struct ThemeFileErrorVocabularyTests {
    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("themes-file-errors-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func loadError(_ path: String) -> ThemeFileError? {
        do throws(ThemeFileError) {
            _ = try ThemeCatalog(contentsOfFile: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingThemeFileIsAnOpenWithENOENT() {
        let missing = "/nonexistent-\(UUID())/theme.json"
        let error = Self.loadError(missing)
        #expect(error?.fileError == FileError(path: missing, operation: .open, errno: ENOENT))
        #expect(error?.path == "", "the theme error's path is the JSON path: the whole file")
        #expect(error?.description == "cannot read: No such file or directory (errno 2)")
    }

    @Test func aDirectoryAndAFIFOSayWhatTheyAre() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/theme.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(Self.loadError(folder)?.fileError == FileError(path: folder, operation: .open, problem: .notARegularFile(.directory)))
        #expect(Self.loadError(fifo)?.fileError?.kind == .fifo)
        #expect(Self.loadError(fifo)?.description == "is a FIFO, not a regular file")
    }

    @Test func thePreferenceStoreCarriesTheFileError() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/preference.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ThemePreferenceStoreError.file(FileError(path: fifo, operation: .open, problem: .notARegularFile(.fifo)))) {
            try JSONFileThemePreferenceStore(path: fifo).loadPreference()
        }
        // Saving onto a directory: the writer's refusal, an output operation.
        let error = #expect(throws: ThemePreferenceStoreError.self) {
            try JSONFileThemePreferenceStore(path: folder).savePreference(ThemePreference(schemeName: "mint"))
        }
        #expect(error?.fileError == FileError(path: folder, operation: .create, problem: .notARegularFile(.directory)))
        #expect(error?.description == "theme preference: \(folder) is a directory, not a regular file")
        // A missing file is no preference yet, not an error.
        #expect(try JSONFileThemePreferenceStore(path: folder + "/absent.json").loadPreference() == nil)
    }
}
