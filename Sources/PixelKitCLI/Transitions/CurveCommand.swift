import ArgumentParser
import Transitions

/// `pixelkit curve X1 Y1 X2 Y2 --at X...`: evaluates a cubic Bézier timing curve.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Evaluate a cubic Bézier timing curve (CSS cubic-bezier(x1, y1, x2, y2)).",
        discussion: """
            Prints one {"x","y"} line per --at value: y is the curve's progress at time fraction x \
            (solved to 1e-7; outside [0, 1] the curve continues along its end tangents).
            """)

    @OptionGroup var points: CurvePoints

    @Option(parsing: .remaining, help: "Time fractions at which to evaluate the curve.")
    var at: [Double] = []

    func run() throws {
        let curve = try points.makeCurve()
        if let bad = at.first(where: { !$0.isFinite }) {
            throw CommandLineProblem.fail("--at values must be finite numbers, got \(bad)")
        }
        for x in at {
            StandardStreams.printLine(.object([("x", .double(x)), ("y", .double(curve.value(at: x)))]))
        }
    }
}

/// The four control-point coordinates shared by `pixelkit curve` and `pixelkit plot curve`.
/// Taken as raw words so negative y values (`0.4 -0.8 0.7 1.7`) are not mistaken for flags.
struct CurvePoints: ParsableArguments {
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Control points x1 y1 x2 y2 (x in [0, 1]; y may leave [0, 1]).", valueName: "x1 y1 x2 y2"))
    var coordinates: [String] = []

    /// The curve, or exit status 1 with a message.
    func makeCurve() throws -> CubicBezierCurve {
        let numbers = coordinates.compactMap(Double.init)
        guard coordinates.count == 4, numbers.count == 4 else {
            throw CommandLineProblem.fail("expected four numbers X1 Y1 X2 Y2, got \(coordinates.joined(separator: " "))")
        }
        do {
            return try CubicBezierCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        } catch {
            throw CommandLineProblem.fail(error.description)
        }
    }
}
