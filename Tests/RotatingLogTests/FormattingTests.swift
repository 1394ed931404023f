import Foundation
import Logging
import Testing
@testable import RotatingLog

struct FormattingTests {
    /// Foundation's ICU-backed formatter, the seed's own tool, is the independent reference.
    private func reference(_ instant: LogTimestamp) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d, HH:mm:ss.SSS"
        return formatter.string(from: Date(timeIntervalSince1970: Double(instant.secondsSinceEpoch) + Double(instant.nanoseconds) / 1e9))
    }

    @Test func timestampsMatchDateFormatter() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [Int64] = [0, 951_782_400 /* 2000-02-29 */, 1_700_000_000, 4_102_444_799 /* 2099-12-31 23:59:59 */]
        let instants = fixed + (0..<200).map { _ in Int64.random(in: 0...4_102_444_799, using: &generator) }
        let formatter = TimestampedRecordFormatter(zone: .utc)
        for seconds in instants {
            // Whole milliseconds (+ 0.4 ms) so float conversion in the reference cannot round differently.
            let instant = LogTimestamp(secondsSinceEpoch: seconds, nanoseconds: Int64.random(in: 0...999) * 1_000_000 + 400_000)
            let line = formatter.format(LogRecord(timestamp: instant, message: "m", file: "A/B.swift", function: "f()", line: 1))
            #expect(line == reference(instant) + " [B.swift/f()/1]: m")
        }
    }

    /// One formatter caches each second's text: runs of records within a second, across second,
    /// minute and day boundaries, and a switch of zone on the same value must all stay exact.
    @Test func cachedSecondsMatchDateFormatter() {
        var formatter = TimestampedRecordFormatter(zone: .utc)
        var instant = LogTimestamp(secondsSinceEpoch: 1_700_006_398, nanoseconds: 900_400_000)  // 23:59:58.900
        for step in 0..<40 {
            let line = formatter.format(LogRecord(timestamp: instant, message: "m", file: "B.swift", function: "f()", line: 1))
            #expect(line == reference(instant) + " [B.swift/f()/1]: m")
            instant = instant.advanced(by: .milliseconds(step % 3 == 0 ? 7 : 61))
        }
        let local = LogRecord(timestamp: instant, message: "m", file: "B.swift", function: "f()", line: 1)
        formatter.zone = .local
        let inLocalTime = formatter.format(local)
        formatter.zone = .utc
        #expect(formatter.format(local) == reference(instant) + " [B.swift/f()/1]: m")
        #expect(inLocalTime == TimestampedRecordFormatter(zone: .local).format(local))
    }

    @Test func aFormatterThatOnlyMakesStringsIsWrittenAsUTF8() throws {
        struct Shouting: LogRecordFormatter {
            func format(_ record: LogRecord) -> String { record.message.uppercased() + " ✓" }
        }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("s.log"), formatter: Shouting())
        log.log("quiet please")
        #expect(directory.bytes("s.log") == Array("QUIET PLEASE ✓\n".utf8))
    }

    @Test func seedFormatCarriesFileFunctionAndLine() throws {
        let clock = ManualLogClock(start: LogTimestamp(secondsSinceEpoch: 1_700_000_000, nanoseconds: 42_000_000))
        let directory = try TestDirectory()
        defer { directory.remove() }
        let log = try LogFile(path: directory.file("seed.log"), formatter: TimestampedRecordFormatter(zone: .utc), clock: clock)
        let line = #line + 1
        log.log("Called getTimeline")
        clock.advance(by: .milliseconds(1_500))
        log.log("second")
        let expectedFirst = "Nov 14, 22:13:20.042 [FormattingTests.swift/seedFormatCarriesFileFunctionAndLine()/\(line)]: Called getTimeline"
        #expect(try log.lastRecords(2) == [expectedFirst, "Nov 14, 22:13:21.542 [FormattingTests.swift/seedFormatCarriesFileFunctionAndLine()/\(line + 2)]: second"])
    }

    @Test func levelLabelAndSortedMetadataComeBeforeTheMessage() {
        let record = LogRecord(
            timestamp: LogTimestamp(secondsSinceEpoch: 0), level: .warning, label: "widget",
            message: "done: 3", metadata: ["b": "2", "a": "1"], file: "W.swift", function: "g()", line: 9)
        #expect(TimestampedRecordFormatter(zone: .utc).format(record) == "Jan 1, 00:00:00.000 [W.swift/g()/9] warning widget a=1 b=2: done: 3")
    }

    @Test func timestampNormalisesNanoseconds() {
        #expect(LogTimestamp(secondsSinceEpoch: 10, nanoseconds: 2_500_000_000) == LogTimestamp(secondsSinceEpoch: 12, nanoseconds: 500_000_000))
        #expect(LogTimestamp(secondsSinceEpoch: 10, nanoseconds: -1) == LogTimestamp(secondsSinceEpoch: 9, nanoseconds: 999_999_999))
        #expect(LogTimestamp(secondsSinceEpoch: 1, nanoseconds: 900_000_000).advanced(by: .milliseconds(200))
                == LogTimestamp(secondsSinceEpoch: 2, nanoseconds: 100_000_000))
    }
}
