import ArgumentParser

/// `pixelkit plot spring|curve … -o FILE.png`: draws the motion so people can look instead of read.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Render a spring or timing curve as a PNG (axes, the curve, settling marker).",
        subcommands: [PlotSpringCommand.self, PlotCurveCommand.self])
}
