import Foundation
import Testing
@testable import RotatingLog

/// Faults are injected through the module's system-call shim: the tests run as root, which ignores
/// permission bits, and a full disk cannot be assumed.
struct FaultTests {
    private func makeLog(_ directory: TestDirectory, _ name: String = "f.log", policy: LogPolicy = .default,
                         faults: FaultySystemCalls, sink: CollectingSink, lockTimeout: Duration = .seconds(2)) throws -> LogFile {
        try LogFile(path: directory.file(name), policy: policy, formatter: TimestampedRecordFormatter(), clock: SystemLogClock(),
                    fallback: sink, options: .init(lockTimeout: lockTimeout), system: faults.calls)
    }

    private func lines(_ directory: TestDirectory, _ name: String = "f.log") -> [String] {
        String(decoding: directory.bytes(name), as: UTF8.self).split(separator: "\n").map { String($0.split(separator: ": ", maxSplits: 1).last ?? "") }
    }

    @Test func permissionDeniedIsReportedOncePerEpisodeAndDropsRecords() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let faults = FaultySystemCalls()
        let sink = CollectingSink()
        let log = try makeLog(directory, faults: faults, sink: sink)
        faults.set(.openDenied, true)
        for index in 0..<5 { log.log("dropped \(index)") }
        #expect(sink.reported == [.openFailed(path: directory.file("f.log"), errno: .permissionDenied)])
        #expect(!directory.exists("f.log"))

        faults.set(.openDenied, false)
        log.log("kept")
        #expect(lines(directory) == ["kept"])

        // A new episode (the file vanished and cannot be reopened) is reported again.
        try FileManager.default.removeItem(atPath: directory.file("f.log"))
        faults.set(.openDenied, true)
        log.log("dropped again")
        #expect(sink.reported.filter { if case .openFailed = $0 { true } else { false } }.count == 2)
    }

    @Test func diskFullIsReportedOnceAndLoggingResumes() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let faults = FaultySystemCalls()
        let sink = CollectingSink()
        let log = try makeLog(directory, faults: faults, sink: sink)
        log.log("before")
        faults.set(.writeNoSpace, true)
        for index in 0..<5 { log.log("lost \(index)") }
        #expect(sink.reported == [.writeFailed(path: directory.file("f.log"), errno: .noSpace)])
        faults.set(.writeNoSpace, false)
        log.log("after")
        #expect(lines(directory) == ["before", "after"])
    }

    @Test func aTrimThatCannotWriteItsCopyLeavesTheLogWholeAndRetriesLater() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let faults = FaultySystemCalls()
        let sink = CollectingSink()
        let cap = 2048
        let log = try makeLog(directory, policy: .trim(maxBytes: cap), faults: faults, sink: sink)
        faults.set(.copyNoSpace, true)
        for index in 0..<60 { log.log("record \(index)") }
        #expect(sink.reported == [.maintenanceFailed(path: directory.file("f.log"), errno: .noSpace)])
        #expect(lines(directory) == (0..<60).map { "record \($0)" }, "records are kept, over the cap, rather than lost")
        #expect(!directory.exists("f.log.trimming"))

        faults.set(.copyNoSpace, false)
        log.log("record 60")
        #expect(directory.size("f.log") <= cap)
        #expect(lines(directory).last == "record 60")
    }

    @Test func aDeletedFileIsRecreated() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let sink = CollectingSink()
        let log = try makeLog(directory, faults: FaultySystemCalls(), sink: sink)
        log.log("first")
        try FileManager.default.removeItem(atPath: directory.file("f.log"))
        log.log("second")
        #expect(lines(directory) == ["second"])
        #expect(sink.reported == [.fileRecreated(path: directory.file("f.log"))])
    }

    @Test func aMissingDirectoryIsCreatedEvenWhileRunning() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let sink = CollectingSink()
        let log = try makeLog(directory, "a/b/f.log", faults: FaultySystemCalls(), sink: sink)
        log.log("one")
        #expect(lines(directory, "a/b/f.log") == ["one"])
        try FileManager.default.removeItem(atPath: directory.file("a"))
        log.log("two")
        #expect(lines(directory, "a/b/f.log") == ["two"])
        #expect(sink.reported == [
            .directoryCreated(path: directory.file("a/b")),
            .fileRecreated(path: directory.file("a/b/f.log")), .directoryCreated(path: directory.file("a/b")),
        ])
    }

    @Test func aLockHeldElsewhereDoesNotBlockTheCallerForever() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let sink = CollectingSink()
        let log = try makeLog(directory, faults: FaultySystemCalls(), sink: sink, lockTimeout: .milliseconds(50))
        log.log("unlocked")
        // Another open file description's lock conflicts even within one process, like a stopped process's.
        let holder = open(directory.file("f.log"), O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        log.log("while held")
        log.log("still held")
        flock(holder, LOCK_UN)
        log.log("released")
        #expect(sink.reported == [.lockTimedOut(path: directory.file("f.log"), waited: .milliseconds(50))])
        #expect(lines(directory) == ["unlocked", "while held", "still held", "released"])
    }

    /// A real full file system, when this machine lets the tests mount a small tmpfs (it needs root).
    @Test func aRealFullDiskKeepsOnlyWholeRecords() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let mountPoint = directory.file("tiny")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mountPoint]) else { return }
        defer { _ = run("/bin/umount", [mountPoint]) }
        let sink = CollectingSink()
        let log = try LogFile(path: mountPoint + "/full.log", policy: .trim(maxBytes: 1 << 20), fallback: sink)
        for index in 0..<400 { log.log("record \(index) " + String(repeating: "z", count: 50)) }
        let bytes = directory.bytes("tiny/full.log")
        #expect(bytes.count <= 16 * 1024)
        #expect(bytes.last == UInt8(ascii: "\n"))
        let kept = lines(directory, "tiny/full.log")
        #expect(kept == (0..<kept.count).map { "record \($0) " + String(repeating: "z", count: 50) })
        #expect(sink.reported.count == 1)
    }

    private func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
