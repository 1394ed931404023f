import ArgumentParser
import Transitions

/// `pixelkit plot spring|curve … -o FILE.png`: draws the motion so people can look instead of read.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Render a spring or timing curve as a PNG (axes, the curve, settling marker).",
        subcommands: [PlotSpringCommand.self, PlotCurveCommand.self])
}

/// Output file and size, shared by the plot subcommands.
struct PlotOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .long], help: "PNG file to write.")
    var output: String

    @Option(help: "Width in pixels (16…4096).")
    var width: Int = 640

    @Option(help: "Height in pixels (16…4096).")
    var height: Int = 400

    /// Writes `raster` and prints `{"output","width","height"}` plus `extra` fields.
    func write(_ raster: Result<PlotRaster, TransitionsError>, extra: [(String, JSONValue)] = []) throws {
        let plot: PlotRaster
        switch raster {
        case .success(let value): plot = value
        case .failure(let error): throw CommandLineProblem.fail(error.description)
        }
        do {
            try PNGFileWriter.write(rgba: plot.pixels, width: plot.width, height: plot.height, to: output)
        } catch {
            throw CommandLineProblem.fail("cannot write \(output): \(error)")
        }
        StandardStreams.printLine(.object(
            [("output", .string(output)), ("width", .int(plot.width)), ("height", .int(plot.height))] + extra))
    }
}

/// `pixelkit plot spring (spring flags) -o FILE.png`.
struct PlotSpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring", abstract: "Plot the unit move 0 → 1 of a spring over time; red marks the settling duration.")

    @OptionGroup var spring: SpringOptions
    @OptionGroup var output: PlotOutputOptions

    func run() throws {
        let spring: DampedSpring
        switch self.spring.makeSpring() {
        case .success(let value): spring = value
        case .failure(let problem): throw CommandLineProblem.fail(problem.message)
        }
        let velocity = self.spring.velocity
        let raster = Result { () throws(TransitionsError) in
            try TransitionPlot.spring(spring, initialVelocity: velocity, width: output.width, height: output.height)
        }
        try output.write(raster, extra: [("settlingDuration", .double(spring.settlingDuration(initialVelocity: velocity)))])
    }
}

/// `pixelkit plot curve X1 Y1 X2 Y2 -o FILE.png`.
struct PlotCurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve", abstract: "Plot a cubic Bézier timing curve with its control handles.")

    @OptionGroup var points: CurvePoints
    @OptionGroup var output: PlotOutputOptions

    func run() throws {
        let curve = try points.makeCurve()
        let raster = Result { () throws(TransitionsError) in
            try TransitionPlot.curve(curve, width: output.width, height: output.height)
        }
        try output.write(raster)
    }
}
