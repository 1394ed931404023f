import PixelKitCommandSupport
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

    @OptionGroup var points: BezierControlPoints

    @Option(parsing: .remaining,
            help: "Time fractions at which to evaluate the curve (last: takes every remaining word, negatives included).")
    var at: [Double] = []

    func run() throws {
        let curve = try points.makeCurve()
        if let bad = at.first(where: { !$0.isFinite }) {
            throw TransitionsCLIError.fail("--at values must be finite numbers, got \(bad)")
        }
        for x in at {
            try StandardStreams.printLine(Sample(x: x, y: curve.value(at: x)))
        }
    }

    /// `{"x","y"}`: the curve's progress `y` at time fraction `x`.
    private struct Sample: Encodable {
        let x: Double
        let y: Double
    }
}
