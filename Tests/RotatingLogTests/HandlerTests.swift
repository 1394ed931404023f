import Logging
import Testing
@testable import RotatingLog

struct HandlerTests {
    private func makeLogger(_ directory: TestDirectory, level: Logger.Level = .info) throws -> (Logger, LogFile) {
        let file = try LogFile(path: directory.file("h.log"), formatter: TimestampedRecordFormatter(zone: .utc),
                               clock: ManualLogClock(start: LogTimestamp(secondsSinceEpoch: 86_400 * 31)))
        var logger = Logger(label: "app.widget") { RotatingLogHandler(label: $0, file: file, metadataProvider: nil) }
        logger.logLevel = level
        return (logger, file)
    }

    @Test func levelsBelowTheThresholdAreNotWritten() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let (logger, file) = try makeLogger(directory, level: .notice)
        logger.info("quiet")
        logger.notice("loud")
        logger.error("louder")
        let records = try file.lastRecords(10)
        #expect(records.count == 2)
        #expect(records[0].hasSuffix("] notice app.widget: loud"))
        #expect(records[1].hasSuffix("] error app.widget: louder"))
    }

    @Test func metadataMergesHandlerProviderAndEventWithTheEventWinning() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = try LogFile(path: directory.file("m.log"), formatter: TimestampedRecordFormatter(zone: .utc),
                               clock: ManualLogClock(start: LogTimestamp(secondsSinceEpoch: 0)))
        let provider = Logger.MetadataProvider { ["request": "7", "shared": "provider"] }
        var logger = Logger(label: "x") { RotatingLogHandler(label: $0, file: file, metadataProvider: provider) }
        logger[metadataKey: "shared"] = "handler"
        logger[metadataKey: "user"] = "u1"
        struct Oops: Error {}
        let line = #line + 1
        logger.warning("done", error: Oops(), metadata: ["shared": "event"])
        #expect(try file.lastRecords(1) == [
            "Jan 1, 00:00:00.000 [HandlerTests.swift/metadataMergesHandlerProviderAndEventWithTheEventWinning()/\(line)] warning x error=Oops() request=7 shared=event user=u1: done",
        ])
    }

    @Test func handlerCopiesHaveIndependentLevelAndMetadata() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = try LogFile(path: directory.file("v.log"))
        var original = RotatingLogHandler(label: "a", file: file, metadataProvider: nil)
        original[metadataKey: "k"] = "1"
        var copy = original
        copy.logLevel = .trace
        copy[metadataKey: "k"] = "2"
        #expect(original.logLevel == .info)
        #expect(original[metadataKey: "k"] == "1")
        #expect(copy[metadataKey: "k"] == "2")
        #expect(copy.file === original.file)
    }
}
