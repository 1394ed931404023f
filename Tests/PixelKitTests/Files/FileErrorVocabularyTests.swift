import Foundation
import PixelKit
import Testing

/// Issue 30, "one error voice": the core's file failures are ``ImageError/file(_:)`` carrying a
/// `FileError` with the path, the operation and the errno or kind, in the words of the one table.
@Suite("The core's file errors: one vocabulary")
struct FileErrorVocabularyTests {
    private static let registry = CodecRegistry()

    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-file-errors-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func probeError(_ path: String) -> ImageError? {
        do throws(ImageError) {
            _ = try registry.probe(path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFileIsAnOpenWithENOENT() {
        let missing = "/nonexistent-\(UUID())/photo.jpg"
        let error = Self.probeError(missing)
        #expect(error == .file(FileError(path: missing, operation: .open, errno: ENOENT)))
        #expect(error?.fileError?.errno == ENOENT)
        #expect(error?.path == missing)
        #expect(error?.reason == "cannot read: No such file or directory (errno 2)")
        #expect(error?.description == "cannot read \(missing): No such file or directory (errno 2)")
    }

    @Test func aDirectoryAndAFIFOAreRefusedWithTheirKind() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(Self.probeError(folder) == .file(FileError(path: folder, operation: .open, problem: .notARegularFile(.directory))))
        let error = Self.probeError(fifo)
        #expect(error?.fileError?.kind == .fifo)
        #expect(error?.fileError?.operation == .open)
        #expect(error?.reason == "is a FIFO, not a regular file")
        #expect(error?.description == "\(fifo) is a FIFO, not a regular file")
    }

    @Test func anOutputOntoItsInputIsRefusedNamingBoth() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/photo.jpg"
        #expect(FileManager.default.createFile(atPath: input, contents: Data("original".utf8)))
        let spelledOtherwise = folder + "/./photo.jpg"
        #expect(throws: ImageError.file(FileError(path: spelledOtherwise, operation: .create, problem: .wouldReplaceInput(input: input)))) {
            try ImageFileWriter(neverReplacing: [.file(path: input)]).write(Array("thumbnail".utf8), to: spelledOtherwise)
        }
        #expect(FileManager.default.contents(atPath: input) == Data("original".utf8))
    }

    @Test func aFailedWriteIsAWriteOperation() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/missing-folder/thumb.jpg"
        let error = #expect(throws: ImageError.self) { try ImageFileWriter().write([1, 2, 3], to: output) }
        #expect(error?.fileError?.path == output)
        #expect(error?.fileError?.operation.isWrite == true)
        #expect(error?.fileError?.errno == ENOENT)
        #expect(error?.reason == "cannot write: No such file or directory (errno 2)")
    }

    /// The phrase for each kind comes from `FileKind`, the one table, whichever error carries it.
    @Test(arguments: [
        (FileKind.directory, "a directory"), (.fifo, "a FIFO"), (.socket, "a socket"),
        (.characterDevice, "a character device"), (.blockDevice, "a block device"),
        (.symbolicLink, "a symbolic link"), (.unknown, "an unknown kind of file"),
    ])
    func everyKindHasOnePhrase(kind: FileKind, phrase: String) {
        let file = FileError(path: "p", operation: .open, problem: .notARegularFile(kind))
        #expect(file.reason == "is \(phrase), not a regular file")
        #expect(file.description == "p is \(phrase), not a regular file")
        #expect(ImageError.file(file).reason == file.reason)
        #expect(ImageError.inFile(path: "p", .file(file)).fileError == file)
    }

    @Test func everyOperationReadsAsReadingOrWriting() {
        let reads: [FileOperation] = [.open, .read, .status]
        let writes: [FileOperation] = [.create, .write, .synchronize, .directorySync, .rename]
        for operation in reads { #expect(FileError(path: "p", operation: operation, errno: EIO).reason.hasPrefix("cannot read: ")) }
        for operation in writes { #expect(FileError(path: "p", operation: operation, errno: EIO).reason.hasPrefix("cannot write: ")) }
        #expect(FileError(path: "d", operation: .createDirectory, errno: ENOTDIR).description == "cannot create directory d: Not a directory (errno 20)")
        #expect(FileError(path: "", operation: .create, problem: .notAFileName).description == "'' is not a file name (empty, or ending in '/')")
        #expect(FileError(path: "big", operation: .read, problem: .tooLarge(limit: 10)).reason == "is larger than 10 bytes")
    }
}
