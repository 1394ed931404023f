import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import RotatingLog

import PixelKitPlatform

/// `pixelkit log [append] --file F [--max-bytes N] [--policy trim|rotate] [--max-files K] [--label L]`.
struct LogAppendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Append each line of standard input as one record (the default of `pixelkit log`).",
        discussion: """
            Each record is `MMM d, HH:mm:ss.SSS [stdin/log/<input line>] <label>: <line>`, written with one \
            write(2) under the log's lock, so processes appending to the same file never interleave. \
            A line longer than a record may hold is written as several records with the same line \
            number. Prints {"file","policy","records","written","dropped"} once standard input ends \
            ("records" = "written"). Faults (full disk, …) are reported once on standard error; records \
            that cannot be written are dropped and counted, and the exit status is then 1.
            """)

    @OptionGroup var log: LogFileOptions

    @Option(help: "The label written into each record.")
    var label: String = "pixelkit"

    func run() throws {
        let file = try log.open()
        let pieceBytes = try messageBytesPerRecord(file)
        var written = 0
        var dropped = 0
        var lines = LogLineSplitter(pieceBytes: pieceBytes)
        func append(_ bytes: ArraySlice<UInt8>, _ lineNumber: Int) {
            let message = String(decoding: bytes, as: UTF8.self)
            // Invalid UTF-8 grows (U+FFFD is 3 bytes): such a piece is split again.
            for piece in message.utf8.count <= pieceBytes ? [message[...]] : Self.pieces(of: message, maxBytes: pieceBytes) {
                let record = LogRecord(
                    timestamp: file.clock.now(), label: label, message: String(piece),
                    file: "stdin", function: "log", line: UInt(lineNumber))
                if file.append(record) { written += 1 } else { dropped += 1 }
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let read: Int
            switch FileSystemCalls.live.readRetrying(STDIN_FILENO, buffer) {
            case .success(let count): read = count
            case .failure(let error):
                StandardStreams.printError("pixelkit: cannot read standard input: \(error.reason)")
                throw ExitCode(1)
            }
            if read == 0 { break }
            lines.feed(UnsafeRawBufferPointer(rebasing: buffer[..<read]), emit: append)
        }
        lines.finish(emit: append)
        file.close()
        try StandardStreams.printLine(AppendedLine(
            file: log.file, policy: log.policy, records: written, written: written, dropped: dropped))
        // A dropped record is lost data: a script must be able to tell without parsing the line.
        if dropped > 0 { throw ExitCode(1) }
    }

    /// The message bytes one record can carry under the policy's record limit, after the
    /// timestamp, the `[stdin/log/N]` site and the label; refuses a label that leaves too little.
    private func messageBytesPerRecord(_ file: LogFile) throws -> Int {
        let widest = LogRecord(
            timestamp: file.clock.now(), label: label, message: "", file: "stdin", function: "log", line: UInt(Int.max))
        // + 8: a wider day of the month or time zone later; + 1: the newline.
        let overhead = file.formatter.format(widest).utf8.count + 8 + 1
        let room = file.policy.maxRecordBytes - overhead
        guard room >= 64 else {
            throw ValidationError(
                "--label of \(label.utf8.count) bytes leaves no room for messages in records of \(file.policy.maxRecordBytes) bytes")
        }
        return room
    }

    /// `text` in consecutive pieces of at most `maxBytes` UTF-8 bytes, cut between scalars.
    static func pieces(of text: String, maxBytes: Int) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.unicodeScalars.startIndex
        var bytes = 0
        var index = start
        while index < text.unicodeScalars.endIndex {
            let size = UTF8.width(text.unicodeScalars[index])
            if bytes + size > maxBytes {
                pieces.append(Substring(text.unicodeScalars[start..<index]))
                start = index
                bytes = 0
            }
            bytes += size
            text.unicodeScalars.formIndex(after: &index)
        }
        pieces.append(Substring(text.unicodeScalars[start...]))
        return pieces
    }

    /// `{"file","policy","records","written","dropped"}`; `"records"` equals `"written"`.
    private struct AppendedLine: Encodable {
        let file: String
        let policy: String
        let records: Int
        let written: Int
        let dropped: Int
    }
}
