import PixelKitCommandSupport
import ArgumentParser
import RotatingLog

/// `pixelkit log tail --file F [-n N]`.
struct LogTailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print the last N whole records of a log (across its rotated files), oldest first.",
        discussion: """
            Prints one {"record"} line per record, the record's text without its newline. Safe while \
            other processes append: a record still being written is left out.
            """)

    @OptionGroup var log: LogFileOptions

    @Option(name: .customShort("n"), help: "How many records.")
    var count: Int = 10

    func validate() throws {
        guard count >= 0 else { throw ValidationError("-n must be at least 0, got \(count)") }
    }

    func run() throws {
        let file = try log.open()
        for record in try file.lastRecords(count) {
            try StandardStreams.printLine(RecordLine(record: record))
        }
    }

    /// `{"record"}`: one record, as written.
    private struct RecordLine: Encodable {
        let record: String
    }
}
