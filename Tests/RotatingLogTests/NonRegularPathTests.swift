import Foundation
import Testing
import RotatingLog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 16: a log path that is not a regular file is refused at once, never written through,
/// and never blocks; `maxFiles` has a maximum; rotated files are found by listing.
struct NonRegularPathTests {
    @Test func aFIFODirectoryOrSymbolicLinkIsRefusedAtOnce() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        #expect(mkfifo(directory.file("fifo"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: directory.file("folder"), withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: directory.file("target"), contents: Data("kept\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: directory.file("target"))

        #expect(throws: LogFileError.file(FileError(path: directory.file("fifo"), operation: .create, problem: .notARegularFile(.fifo)))) {
            try LogFile(path: directory.file("fifo"))
        }
        #expect(throws: LogFileError.file(FileError(path: directory.file("folder"), operation: .create, problem: .notARegularFile(.directory)))) {
            try LogFile(path: directory.file("folder"))
        }
        #expect(throws: LogFileError.file(FileError(path: directory.file("link"), operation: .create, problem: .notARegularFile(.symbolicLink)))) {
            try LogFile(path: directory.file("link"))
        }
        #expect(throws: LogFileError.file(FileError(path: "/dev/null", operation: .create, problem: .notARegularFile(.characterDevice)))) {
            try LogFile(path: "/dev/null")
        }
        #expect(directory.bytes("target") == Array("kept\n".utf8))
    }

    /// The path turns into a FIFO or a link after the handle was made: the append is dropped and
    /// reported, without blocking and without touching the link's target.
    @Test func aPathReplacedAfterCreationIsNotWrittenThrough() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let sink = CollectingSink()
        let fifo = try LogFile(path: directory.file("fifo.log"), fallback: sink)
        #expect(mkfifo(directory.file("fifo.log"), 0o644) == 0)
        #expect(!fifo.log("lost"))
        #expect(sink.reported == [.notRegularFile(path: directory.file("fifo.log"), kind: .fifo)])

        let link = try LogFile(path: directory.file("link.log"), fallback: sink)
        _ = FileManager.default.createFile(atPath: directory.file("target"), contents: Data())
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.log"), withDestinationPath: directory.file("target"))
        #expect(!link.log("lost"))
        #expect(sink.reported.last == .notRegularFile(path: directory.file("link.log"), kind: .symbolicLink))
        #expect(directory.bytes("target").isEmpty)
    }

    @Test func appendSaysWhetherTheRecordWasWritten() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        _ = FileManager.default.createFile(atPath: directory.file("plain"), contents: Data())
        let sink = CollectingSink()
        let blocked = try LogFile(path: directory.file("plain") + "/f.log", fallback: sink)
        #expect(!blocked.log("dropped"))
        #expect(sink.reported == [.openFailed(path: directory.file("plain") + "/f.log", errno: LogSystemError(code: ENOTDIR))])
        let fine = try LogFile(path: directory.file("f.log"))
        #expect(fine.log("written"))
    }

    @Test func maxFilesHasADocumentedMaximum() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = directory.file("r.log")
        _ = try LogFile(path: path, policy: .rotate(maxBytes: 4096, maxFiles: LogPolicy.maximumFiles))
        #expect(throws: LogFileError.invalidFileCount(100_000_000)) {
            try LogFile(path: path, policy: .rotate(maxBytes: 4096, maxFiles: 100_000_000))
        }
        #expect(throws: LogFileError.invalidFileCount(0)) { try LogFile(path: path, policy: .rotate(maxBytes: 4096, maxFiles: 0)) }
        #expect(LogFileError.invalidFileCount(100_000_000).description.contains("1 to \(LogPolicy.maximumFiles)"))
    }

    /// Readers and rotation touch only the files that exist, not every index up to `maxFiles`.
    @Test func rotatedFilesAreListedNotProbed() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("r.log"), policy: .rotate(maxBytes: 1024, maxFiles: LogPolicy.maximumFiles))
        for index in 0..<40 { log.log("record \(index) with some padding to fill the file quickly") }
        let rotated = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("r.log.") }.count
        #expect(rotated >= 2)
        #expect(log.filePaths.count == rotated + 1)
        #expect(log.filePaths.last == directory.file("r.log"))
        #expect(log.filePaths.first == directory.file("r.log.\(rotated)"))
        #expect(try log.lastRecords(1000).count == 40)
    }

    @Test func systemErrorsAreWrappedInPixelKitsOwnType() {
        let error = LogSystemError(code: ENOSPC)
        #expect(error == .noSpace)
        #expect(error.description == String(cString: strerror(ENOSPC)))
        #expect(LogFileFault.writeFailed(path: "f", errno: error).description == "cannot write to log 'f': \(error); dropping records")
    }
}

/// `LogLineSplitter`: over-long lines are streamed as several pieces, nothing lost.
struct LogLineSplitterTests {
    private func split(_ input: [UInt8], pieceBytes: Int, chunk: Int) -> [(bytes: [UInt8], line: Int)] {
        var splitter = LogLineSplitter(pieceBytes: pieceBytes)
        var pieces: [(bytes: [UInt8], line: Int)] = []
        let emit = { (piece: ArraySlice<UInt8>, line: Int) in pieces.append((Array(piece), line)) }
        var offset = 0
        while offset < input.count {
            let end = min(input.count, offset + chunk)
            input[offset..<end].withUnsafeBytes { splitter.feed($0, emit: emit) }
            offset = end
        }
        splitter.finish(emit: emit)
        return pieces
    }

    @Test(arguments: [1, 7, 4096])
    func aLongLineBecomesPiecesAtUTF8BoundariesThatRejoinToTheInput(chunk: Int) {
        let long = Array(String(repeating: "aé€😀", count: 3000).utf8)  // 1 + 2 + 3 + 4 bytes
        let input = Array("short\n".utf8) + long + Array("\n\nlast".utf8)
        let pieces = split(input, pieceBytes: 1000, chunk: chunk)
        let longPieces = pieces.filter { $0.line == 2 }
        #expect(pieces.first.map { String(decoding: $0.bytes, as: UTF8.self) } == "short")
        #expect(longPieces.count == 30)
        #expect(longPieces.allSatisfy { $0.bytes.count <= 1000 && $0.bytes.count >= 997 })
        #expect(longPieces.allSatisfy { String(validating: $0.bytes, as: UTF8.self) != nil }, "a piece was cut inside a character")
        #expect(longPieces.flatMap(\.bytes) == long)
        #expect(pieces.map(\.line) == [1] + Array(repeating: 2, count: 30) + [3, 4])
        #expect(pieces.last.map { String(decoding: $0.bytes, as: UTF8.self) } == "last")
    }
}
