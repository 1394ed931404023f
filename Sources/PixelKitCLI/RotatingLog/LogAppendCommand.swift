import ArgumentParser
import RotatingLog

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `pixelkit log [append] --file F [--max-bytes N] [--policy trim|rotate] [--max-files K] [--label L]`.
struct LogAppendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Append each line of standard input as one record (the default of `pixelkit log`).",
        discussion: """
            Each record is `MMM d, HH:mm:ss.SSS [stdin/log/<input line>] <label>: <line>`, written with one \
            write(2) under the log's lock, so processes appending to the same file never interleave. \
            Prints {"file","policy","records"} once standard input ends. Faults (full disk, …) are \
            reported once on standard error; records that cannot be written are dropped.
            """)

    @OptionGroup var log: LogFileOptions

    @Option(help: "The label written into each record.")
    var label: String = "pixelkit"

    func run() throws {
        let file = try log.open()
        var count = 0
        var pending: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        func append(_ line: ArraySlice<UInt8>) {
            count += 1
            file.append(LogRecord(
                timestamp: file.clock.now(), label: label, message: String(decoding: line, as: UTF8.self),
                file: "stdin", function: "log", line: UInt(count)))
        }
        while true {
            let read = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            if read < 0 {
                if errno == EINTR { continue }
                StandardStreams.printError("error: cannot read standard input (errno \(errno))")
                throw ExitCode(1)
            }
            if read == 0 { break }
            pending += buffer[..<read]
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                append(pending[start..<newline])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { append(pending[...]) }
        file.close()
        StandardStreams.printLine(.object([
            ("file", .string(log.file)), ("policy", .string(log.policy)), ("records", .int(count)),
        ]))
    }
}
