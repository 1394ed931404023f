import ArgumentParser

@main
struct PixelKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelkit",
        abstract: "Image average colors, thumbnails, BlurHash, themes, transitions, logs and layout math.",
        discussion: """
            Commands print one JSON object per line on standard output; messages go to standard error. \
            `pixelkit --version` prints the version alone (e.g. 0.2.0-dev).
            """,
        version: PixelKitVersion.current,
        subcommands: [
            InfoCommand.self, AverageCommand.self, ThumbnailCommand.self, BlurHashCommand.self,
            ContrastCommand.self, ThemeCommand.self,
            SpringCommand.self, CurveCommand.self, PlotCommand.self,
            LogCommand.self, LayoutCommand.self,
        ]
    )

    /// ArgumentParser's `main`, parsing long file lists in linear time (``LongFileLists``).
    static func main() {
        do {
            var command = try LongFileLists.parse(Array(CommandLine.arguments.dropFirst()))
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
