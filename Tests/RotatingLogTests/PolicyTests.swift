import Foundation
import Testing
@testable import RotatingLog

struct PolicyTests {
    private func records(_ count: Int, clock: ManualLogClock) -> [LogRecord] {
        (0..<count).map { index in
            clock.advance(by: .milliseconds(7))
            return LogRecord(timestamp: clock.now(), message: "record \(index) " + String(repeating: "y", count: index % 41),
                             file: "T.swift", function: "f()", line: UInt(index))
        }
    }

    /// The seed's trim, restated on a byte array: before a record that would not fit, keep what follows
    /// the first newline at or after the middle.
    private func modelTrim(_ lines: [[UInt8]], cap: Int) -> [UInt8] {
        var file: [UInt8] = []
        for line in lines {
            if file.count + line.count > cap {
                let middle = file.count / 2
                file = file[middle...].firstIndex(of: 10).map { Array(file[($0 + 1)...]) } ?? []
            }
            file += line
        }
        return file
    }

    @Test func trimKeepsTheNewerHalfAtALineBoundaryAndNeverExceedsTheCap() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let cap = 4096
        let formatter = TimestampedRecordFormatter(zone: .utc)
        let log = try LogFile(path: directory.file("t.log"), policy: .trim(maxBytes: cap), formatter: formatter)
        let all = records(600, clock: ManualLogClock(start: LogTimestamp(secondsSinceEpoch: 1_600_000_000)))
        var maximum = 0
        for record in all {
            log.append(record)
            maximum = max(maximum, directory.size("t.log"))
        }
        #expect(maximum <= cap)
        let expected = modelTrim(all.map { Array((formatter.format($0) + "\n").utf8) }, cap: cap)
        #expect(directory.bytes("t.log") == expected)
        #expect(try log.contents() == expected)
        #expect(!directory.exists("t.log.trimming"))
    }

    @Test func rotateKeepsAtMostKFilesEachWithinTheCapAndLosesNothingAtTheBoundaries() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let cap = 2048
        let formatter = TimestampedRecordFormatter(zone: .utc)
        let log = try LogFile(path: directory.file("r.log"), policy: .rotate(maxBytes: cap, maxFiles: 2), formatter: formatter)
        let all = records(300, clock: ManualLogClock(start: LogTimestamp(secondsSinceEpoch: 1_600_000_000)))
        for record in all { log.append(record) }

        #expect(log.filePaths == [directory.file("r.log.2"), directory.file("r.log.1"), directory.file("r.log")])
        #expect(!directory.exists("r.log.3"))
        let files = ["r.log.2", "r.log.1", "r.log"].map { directory.bytes($0) }
        let lines = all.map { Array((formatter.format($0) + "\n").utf8) }
        #expect(files.allSatisfy { $0.count <= cap })
        let concatenated = Array(files.joined())
        var newest: [UInt8] = []
        var newestCount = 0
        while newest.count < concatenated.count, newestCount < lines.count {
            newestCount += 1
            newest = lines[lines.count - newestCount] + newest
        }
        #expect(concatenated == newest, "the files are not the newest records in order")
        // Each older file was rotated only because the next record would not have fit.
        var next = lines.count - newestCount
        for file in files.dropLast() {
            next += file.filter { $0 == 10 }.count
            #expect(file.count + lines[next].count > cap)
        }
        #expect(try log.contents() == concatenated)
    }

    @Test func aRecordLargerThanTheCapIsTruncatedWithAMarkerAndTheCapHolds() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let sink = CollectingSink()
        let cap = 2048
        let log = try LogFile(path: directory.file("big.log"), policy: .trim(maxBytes: cap), fallback: sink)
        log.log("small")
        log.log(String(repeating: "B", count: 10_000))
        log.log(String(repeating: "C", count: 10_000))
        let bytes = directory.bytes("big.log")
        #expect(bytes.count <= cap)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        let last = try #require(lines.last)
        #expect(last.utf8.count + 1 == cap / 2 || last.utf8.count + 1 == cap / 2 - 1, "cut to the record limit")
        #expect(last.hasSuffix(" bytes]"))
        #expect(last.contains(": CCCC"))
        // Reported once, although two records were cut.
        #expect(sink.reported.count == 1)
        if case .recordTruncated(_, let original, let kept) = sink.reported.first {
            #expect(original > 10_000)
            #expect(kept < cap / 2)
        } else {
            Issue.record("expected a recordTruncated fault, got \(sink.reported)")
        }
    }
}
