import Foundation
import RotatingLog
import Testing

/// Issue 30, "one error voice": the log's file failures are ``LogFileError/file(_:)`` carrying the
/// package's one `FileError`, in the same words as images and themes.
@Suite("RotatingLog's file errors: one vocabulary")
struct LogFileErrorVocabularyTests {
    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rotating-log-file-errors-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aDirectoryOrAFIFOAsTheLogIsRefusedWithItsKind() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/app.log"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: LogFileError.file(FileError(path: folder, operation: .create, problem: .notARegularFile(.directory)))) {
            try LogFile(path: folder)
        }
        let error = #expect(throws: LogFileError.self) { try LogFile(path: fifo) }
        #expect(error?.fileError?.kind == .fifo)
        #expect(error?.fileError?.reason == "is a FIFO, not a regular file")
        #expect(error?.description == "log \(fifo) is a FIFO, not a regular file")
    }

    @Test func aPathThatNamesNoFileIsNotAFileName() {
        #expect(throws: LogFileError.file(FileError(path: "logs/", operation: .create, problem: .notAFileName))) {
            try LogFile(path: "logs/")
        }
    }

    @Test func aRotatedFileThatIsAFIFOIsRefusedWhenRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/app.log"
        let log = try LogFile(path: path, policy: .rotate(maxBytes: 4096, maxFiles: 2))
        log.log("one")
        #expect(mkfifo(path + ".1", 0o644) == 0)
        #expect(throws: LogFileError.file(FileError(path: path + ".1", operation: .open, problem: .notARegularFile(.fifo)))) {
            try log.lastRecords(5)
        }
    }

    @Test func aSnapshotOntoADirectoryIsAnOutputRefusal() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = try LogFile(path: folder + "/app.log")
        log.log("one")
        let shared = folder + "/shared"
        try FileManager.default.createDirectory(atPath: shared + "/app.log", withIntermediateDirectories: true)
        #expect(throws: LogFileError.file(FileError(path: shared + "/app.log", operation: .create, problem: .notARegularFile(.directory)))) {
            try log.snapshot(into: URL(fileURLWithPath: shared))
        }
    }

    @Test func aFaultNamesTheKindFromTheOneTable() {
        #expect(LogFileFault.notRegularFile(path: "f", kind: .fifo).description == "log 'f' is a FIFO, not a regular file; dropping records")
        #expect(LogFileFault.notRegularFile(path: "f", kind: .unknown).description.contains("is \(FileKind.unknown), not a regular file"))
    }
}
