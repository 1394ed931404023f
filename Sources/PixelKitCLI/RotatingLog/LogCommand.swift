import ArgumentParser

/// `pixelkit log --file F …` appends standard input to a shared, capped log; `pixelkit log tail` reads it back.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Append standard input to a log file shared by several processes (trimmed or rotated), or read its tail.",
        discussion: """
            `pixelkit log --file F` appends each line of standard input as one record and prints \
            {"file","policy","records"} at the end. `pixelkit log tail --file F -n N` prints the last \
            N records as {"record"} lines. Rotated files are named F.1 … F.K beside F.
            """,
        subcommands: [LogAppendCommand.self, LogTailCommand.self],
        defaultSubcommand: LogAppendCommand.self
    )
}
