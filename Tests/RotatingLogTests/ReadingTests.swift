import Foundation
import Testing
@testable import RotatingLog

struct ReadingTests {
    @Test func lastRecordsAgreeWithTheWholeContents() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // 3 rotated files of 64 KiB plus the current one, so the backwards reader crosses chunk and file edges.
        let log = try LogFile(path: directory.file("r.log"), policy: .rotate(maxBytes: 64 * 1024, maxFiles: 3))
        for index in 0..<4_000 { log.log("entry \(index) " + String(repeating: "q", count: index % 97)) }
        let all = String(decoding: try log.contents(), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(all.last?.hasSuffix("entry 3999 " + String(repeating: "q", count: 3999 % 97)) == true)
        for count in [0, 1, 2, 500, 1_500, all.count, all.count + 10] {
            #expect(try log.lastRecords(count) == Array(all.suffix(count)), "last \(count)")
        }
        #expect(try log.text() == all.joined(separator: "\n") + "\n")
    }

    @Test func aRecordStillBeingWrittenIsLeftOut() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("p.log"))
        log.log("whole")
        // What a concurrent reader could see of a record in flight: its first bytes, no newline yet.
        let handle = try #require(FileHandle(forWritingAtPath: directory.file("p.log")))
        handle.seekToEndOfFile()
        handle.write(Data("Nov 22, 00:00:00.000 [half".utf8))
        try handle.close()
        #expect(try log.lastRecords(5).count == 1)
        #expect(try log.lastRecords(5).first?.hasSuffix(": whole") == true)
        #expect(try log.text().hasSuffix(": whole\n"))
    }

    @Test func aSnapshotHoldsEveryFileInOrderForSharing() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("share.log"), policy: .rotate(maxBytes: 1024, maxFiles: 2))
        for index in 0..<40 { log.log("line \(index)") }
        try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: true)
        let exported = try log.snapshot(into: URL(fileURLWithPath: directory.file("out"), isDirectory: true)).path
        #expect(exported == directory.file("out/share.log"))
        #expect(directory.bytes("out/share.log") == (try log.contents()))
        #expect(log.url == URL(fileURLWithPath: directory.file("share.log")))
    }

    /// The snapshot goes through the package's atomic writer: no `.partial` file left, and a
    /// symbolic link where the snapshot goes is refused rather than written through.
    @Test func aSnapshotNeverWritesThroughALink() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("share.log"), policy: .trim(maxBytes: 4096))
        log.log("secret")
        try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: directory.file("precious")))
        try FileManager.default.createSymbolicLink(atPath: directory.file("out/share.log"), withDestinationPath: "../precious")
        #expect(throws: LogFileError.file(FileError(path: directory.file("out/share.log"), operation: .create, problem: .notARegularFile(.symbolicLink)))) {
            try log.snapshot(into: URL(fileURLWithPath: directory.file("out"), isDirectory: true))
        }
        #expect(directory.bytes("precious") == Array("precious".utf8))
        try FileManager.default.removeItem(atPath: directory.file("out/share.log"))
        _ = try log.snapshot(into: URL(fileURLWithPath: directory.file("out"), isDirectory: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("out")) == ["share.log"])
        #expect(directory.bytes("out/share.log") == (try log.contents()))
    }

    /// A FIFO where a rotated file should be used to block every reader of the log.
    @Test func aFIFOInPlaceOfALogFileIsRefusedAtOnce() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("f.log"), policy: .rotate(maxBytes: 4096, maxFiles: 2))
        log.log("current")
        #expect(mkfifo(directory.file("f.log.1"), 0o644) == 0)
        #expect(throws: LogFileError.file(FileError(path: directory.file("f.log.1"), operation: .open, problem: .notARegularFile(.fifo)))) { try log.contents() }
        #expect(throws: LogFileError.file(FileError(path: directory.file("f.log.1"), operation: .open, problem: .notARegularFile(.fifo)))) { try log.lastRecords(5) }
    }

    @Test func aLogThatWasNeverWrittenReadsAsEmpty() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("none.log"), policy: .rotate(maxBytes: 4096, maxFiles: 2))
        #expect(try log.contents().isEmpty)
        #expect(try log.lastRecords(3).isEmpty)
    }

    @Test func threadsOfOneProcessNeverInterleave() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("threads.log"), policy: .trim(maxBytes: 8 << 20))
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<500 { log.log("t\(task) \(index) " + String(repeating: "w", count: (index * 7) % 300)) }
                }
            }
        }
        let lines = String(decoding: try log.contents(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4_000)
        var next = [Int](repeating: 0, count: 8)
        for line in lines {
            let fields = line.split(separator: ": ", maxSplits: 1)[1].split(separator: " ")
            let task = Int(fields[0].dropFirst())!
            let index = Int(fields[1])!
            #expect(index == next[task])
            #expect(fields.count == 3 || (index * 7) % 300 == 0)
            #expect((fields.count == 3 ? fields[2].count : 0) == (index * 7) % 300)
            next[task] = index + 1
        }
    }
}
