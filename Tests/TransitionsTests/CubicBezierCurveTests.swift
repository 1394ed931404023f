import Testing
import PropertyBased
@testable import Transitions

@Suite struct CubicBezierCurveTests {
    // chromium ui/gfx/geometry/cubic_bezier_unittest.cc (facts §1.6), tolerance 0.00015.
    @Test(arguments: [
        (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.07978), (0.2, 0.12803), (0.25, 0.18235), (0.3, 0.24115),
        (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238), (0.65, 0.69676),
        (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863),
    ])
    func chromiumBasicUse(x: Double, y: Double) throws {
        let curve = try CubicBezierCurve(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
        #expect(abs(curve.value(at: x) - y) < 0.00015)
    }

    @Test func chromiumSlopes() throws {
        let curve = try CubicBezierCurve(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
        #expect(abs(curve.slope(at: 0.5) - 1.33333) < 0.00015)
        #expect(abs(curve.slope(at: 0.1) - 0.69778) < 0.00015)
    }

    // Chromium's round-trip list: solving x(t) back gives t within 1e-5.
    @Test(arguments: [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
        (0.3, 1.5, 0.8, 1.5), (0.4, -0.8, 0.7, 1.7), (0.7, -2, 1, -1.5), (0, 4, 1, -3),
    ])
    func solveRoundTrips(points: (Double, Double, Double, Double)) throws {
        let curve = try CubicBezierCurve(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
        for step in 0...20 {
            let t = Double(step) * 0.05
            let x = 3 * (1 - t) * (1 - t) * t * points.0 + 3 * (1 - t) * t * t * points.2 + t * t * t
            let y = 3 * (1 - t) * (1 - t) * t * points.1 + 3 * (1 - t) * t * t * points.3 + t * t * t
            guard x > 0, x < 1 else { continue }
            #expect(abs(curve.solveT(x) - t) < 1e-5)
            #expect(abs(curve.value(at: x) - y) < 1e-5)
        }
    }

    @Test func solverMeetsToleranceForRandomCurves() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0...1), Gen.double(in: -2...3), Gen.double(in: 0...1),
                            Gen.double(in: -2...3), Gen.double(in: 0.001...0.999)) { x1, y1, x2, y2, x in
            let curve = try #require(try? CubicBezierCurve(x1: x1, y1: y1, x2: x2, y2: y2))
            let t = curve.solveT(x)
            let sampled = 3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t
            #expect(abs(sampled - x) < 1e-7)
            let both = curve.valueAndSlope(at: x)
            #expect(both.value == curve.value(at: x) && both.slope == curve.slope(at: x))
        }
    }

    @Test func presetsAreTheCSSCurves() throws {
        #expect(CubicBezierCurve.ease == (try CubicBezierCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)))
        #expect(CubicBezierCurve.easeIn == (try CubicBezierCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)))
        #expect(CubicBezierCurve.easeOut == (try CubicBezierCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)))
        #expect(CubicBezierCurve.easeInOut == (try CubicBezierCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)))
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(abs(CubicBezierCurve.linear.value(at: x) - x) < 1e-7)
        }
    }

    @Test func linearExtensionOutsideUnitInterval() throws {
        let curve = try CubicBezierCurve(x1: 0.3, y1: 0.6, x2: 0.7, y2: 0.8)
        #expect(abs(curve.value(at: -0.5) - -0.5 * 0.6 / 0.3) < 1e-12)
        #expect(abs(curve.value(at: 1.5) - (1 + 0.5 * (0.8 - 1) / (0.7 - 1))) < 1e-12)
        // ease-out starts at p1 = (0, 0): the start gradient falls back to p2y/p2x.
        #expect(abs(CubicBezierCurve.easeOut.value(at: -1) - -1 / 0.58) < 1e-12)
        // ease-in ends at p2 = (1, 1): the end gradient falls back to (p1y − 1)/(p1x − 1).
        #expect(abs(CubicBezierCurve.easeIn.value(at: 2) - (1 + 1 / 0.58)) < 1e-12)
        for x in [Double.infinity, -.infinity, .nan, 1e308, -1e308] {
            #expect(curve.value(at: x).isFinite)
        }
    }

    @Test func rejectsNonFunctionCurves() {
        #expect(throws: TransitionsError.outOfRange(parameter: "x1", value: 1.2, allowed: "between 0 and 1")) {
            try CubicBezierCurve(x1: 1.2, y1: 0, x2: 0.5, y2: 1)
        }
        #expect(throws: TransitionsError.self) { try CubicBezierCurve(x1: 0.2, y1: .nan, x2: 0.5, y2: 1) }
        #expect(throws: TransitionsError.self) { try CubicBezierCurve(x1: 0.2, y1: 0, x2: -0.1, y2: 1) }
    }
}
