import PixelKitCommandSupport
import ArgumentParser

@main
struct PixelKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelkit",
        abstract: "Image average colors, palettes, thumbnails, BlurHash, remote image fetching, themes, transitions, logs and layout math.",
        discussion: """
            Commands print one JSON object per line on standard output; messages go to standard error. \
            `pixelkit --version` prints the version alone (\(PixelKitVersion.current) here).
            """,
        version: PixelKitVersion.current,
        subcommands: [
            InfoCommand.self, AverageCommand.self, PaletteCommand.self, ThumbnailCommand.self, BlurHashCommand.self, AnalyzeCommand.self,
            ContrastCommand.self, ThemeCommand.self,
            SpringCommand.self, CurveCommand.self, PlotCommand.self,
            LogCommand.self, LayoutCommand.self, FetchCommand.self,
        ]
    )

    /// ArgumentParser's `main()`, except that a long trailing list of values is appended by the
    /// command itself (see ``TrailingArguments``), so parsing stays linear in the arguments, and
    /// failures are reported in the command line's one voice (``CommandLineVoice``).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let (head, tail) = TrailingArguments.split(arguments)
        // The command being run, once parsing succeeded.
        var running: any ParsableCommand.Type = Self.self
        do {
            var command = try parseAsRoot(tail.isEmpty ? arguments : head)
            running = type(of: command)
            if !tail.isEmpty {
                if var list = command as? any TrailingListCommand {
                    try list.appendTrailing(tail)
                    command = list
                } else {
                    command = try parseAsRoot(arguments)
                }
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            CommandLineVoice.terminate(self, running: running, error: error)
        }
    }
}
