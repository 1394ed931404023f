import ArgumentParser
import PixelKit
import Transitions

/// The four control-point coordinates shared by `pixelkit curve` and `pixelkit plot curve`.
/// Taken as raw words so negative y values (`0.4 -0.8 0.7 1.7`) are not mistaken for flags.
struct BezierControlPoints: ParsableArguments {
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Control points x1 y1 x2 y2 (x in [0, 1]; y may leave [0, 1]).", valueName: "x1 y1 x2 y2"))
    var coordinates: [String] = []

    /// The curve, or exit status 1 with a message.
    func makeCurve() throws -> CubicBezierCurve {
        let numbers = coordinates.compactMap(Double.init)
        guard coordinates.count == 4, numbers.count == 4 else {
            throw TransitionsCLIError.fail("expected four numbers X1 Y1 X2 Y2, got \(EchoedText.cut(coordinates.joined(separator: " ")))")
        }
        do {
            return try CubicBezierCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        } catch {
            throw TransitionsCLIError.fail(error.description)
        }
    }
}
