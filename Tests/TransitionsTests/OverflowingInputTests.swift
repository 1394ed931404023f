import Testing
import Transitions

/// Issue 16: inputs whose results would overflow are refused where the values are computed, so
/// nothing downstream prints NaN or infinity (the CLI printed `null` with exit 0).
struct OverflowingInputTests {
    @Test func aCurveWhoseValuesWouldOverflowIsRefused() throws {
        #expect(throws: TransitionsError.outOfRange(
            parameter: "y1", value: 1e308, allowed: "small enough that the curve's values stay finite")) {
            try CubicBezierCurve(x1: 0.42, y1: 1e308, x2: 0.58, y2: -1e308)
        }
        // Large but representable control points still work, and their values are finite.
        let steep = try CubicBezierCurve(x1: 0.42, y1: 1e300, x2: 0.58, y2: -1e300)
        #expect(steep.value(at: 0.5).isFinite)
    }

    @Test func aDampingRatioWhoseMotionWouldOverflowIsRefused() throws {
        #expect(throws: TransitionsError.self) { try DampedSpring(dampingRatio: 1e300, response: 1) }
        let heavy = try DampedSpring(dampingRatio: 50, response: 1)
        #expect(heavy.settlingDuration().isFinite)
        #expect(heavy.settlingDuration() > 0)
    }
}
