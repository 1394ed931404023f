import ArgumentParser

@main
struct PixelKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelkit",
        abstract: "Image average colors, thumbnails, BlurHash, remote image fetching, themes, transitions, logs and layout math.",
        discussion: "Commands print one JSON object per line on standard output; messages go to standard error.",
        subcommands: [
            InfoCommand.self, AverageCommand.self, ThumbnailCommand.self, BlurHashCommand.self,
            ContrastCommand.self, ThemeCommand.self,
            SpringCommand.self, CurveCommand.self, PlotCommand.self,
            LogCommand.self, LayoutCommand.self, FetchCommand.self,
        ]
    )
}
