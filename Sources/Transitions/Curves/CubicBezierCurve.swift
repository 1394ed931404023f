/// A CSS / Core Animation cubic Bézier timing curve through `(0, 0)`, `(x1, y1)`, `(x2, y2)`, `(1, 1)`.
///
/// ``CubicBezierCurve/value(at:)`` solves `x(t) = x` for the curve parameter `t` to 1e-7 (Newton's method from
/// `t = x`, then bisection if Newton stalls), and returns `y(t)`. Outside [0, 1] the curve is
/// extended linearly along its end tangents, as Chromium and WebKit do. `y1`/`y2` may lie outside
/// [0, 1] (overshoot); `x1`/`x2` must lie in [0, 1] so `x(t)` is monotonic (a function of time).
public struct CubicBezierCurve: TimingCurve, Hashable {
    /// First control point.
    public let x1: Double, y1: Double
    /// Second control point.
    public let x2: Double, y2: Double

    // Polynomial coefficients, `x(t) = ((ax·t + bx)·t + cx)·t` (WebKit UnitBezier.h).
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    private let startGradient: Double, endGradient: Double

    /// The solver's tolerance on `x`.
    public static let epsilon = 1e-7

    /// A curve from its two control points.
    /// - Throws: ``TransitionsError`` when a coordinate is not finite, `x1`/`x2` leave [0, 1], or
    ///   `y1`/`y2` are so large that the curve's values would overflow (e.g. `1e308`).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TransitionsError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] {
            _ = try Validate.finite(value, name)
        }
        for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
            throw .outOfRange(parameter: name, value: value, allowed: "between 0 and 1")
        }
        self.init(unchecked: x1, y1, x2, y2)
        // y(t) = ((ay·t + by)·t + cy)·t stays finite on [0, 1] exactly when this sum does.
        guard (abs(ay) + abs(by) + abs(cy)).isFinite, startGradient.isFinite, endGradient.isFinite else {
            let (name, value) = abs(y1) >= abs(y2) ? ("y1", y1) : ("y2", y2)
            throw .outOfRange(parameter: name, value: value, allowed: "small enough that the curve's values stay finite")
        }
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
        // End tangents for the linear extension (Chromium cubic_bezier.cc InitGradients).
        if x1 > 0 { startGradient = y1 / x1 }
        else if y1 == 0, x2 > 0 { startGradient = y2 / x2 }
        else if y1 == 0, y2 == 0 { startGradient = 1 }
        else { startGradient = 0 }
        if x2 < 1 { endGradient = (y2 - 1) / (x2 - 1) }
        else if y2 == 1, x1 < 1 { endGradient = (y1 - 1) / (x1 - 1) }
        else if y2 == 1, y1 == 1 { endGradient = 1 }
        else { endGradient = 0 }
    }

    /// Progress at time fraction `x` (see the type's description); NaN gives 0.
    public func value(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        let x = min(max(x, -1e300), 1e300)  // so a zero gradient times ±∞ cannot make NaN
        if x <= 0 { return x == 0 ? 0 : Self.saturated(startGradient * x) }
        if x >= 1 { return x == 1 ? 1 : Self.saturated(1 + endGradient * (x - 1)) }
        return sampleY(solveT(x))
    }

    /// `dy/dx` at time fraction `x`; the end tangent outside [0, 1] and where `dx/dt` vanishes.
    public func slope(at x: Double) -> Double {
        if !(x > 0) { return startGradient }
        if x >= 1 { return endGradient }
        let t = solveT(x)
        let dx = derivativeX(t)
        guard abs(dx) > 1e-12 else { return t < 0.5 ? startGradient : endGradient }
        return derivativeY(t) / dx
    }

    /// `(value(at: x), slope(at: x))` with a single solve.
    public func valueAndSlope(at x: Double) -> (value: Double, slope: Double) {
        guard x > 0, x < 1 else { return (value(at: x), slope(at: x)) }
        let t = solveT(x)
        let dx = derivativeX(t)
        let slope = abs(dx) > 1e-12 ? derivativeY(t) / dx : (t < 0.5 ? startGradient : endGradient)
        return (sampleY(t), slope)
    }

    /// The curve parameter `t` whose `x(t)` equals `x` within ``epsilon`` (`x` in (0, 1)).
    public func solveT(_ x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < Self.epsilon { return t }
            let derivative = derivativeX(t)
            if abs(derivative) < 1e-6 { break }
            t -= error / derivative
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < Self.epsilon { return t }
            if value < x { low = t } else { high = t }
            t = 0.5 * (low + high)
        }
        return t
    }

    /// Keeps the linear extension finite for huge `x` (NaN becomes 0).
    static func saturated(_ value: Double) -> Double {
        if value.isNaN { return 0 }
        return min(max(value, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    private func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }
}

extension CubicBezierCurve {
    /// CSS `ease` and Core Animation `.default`: (0.25, 0.1, 0.25, 1).
    public static let ease = CubicBezierCurve(unchecked: 0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`, Core Animation `.easeIn`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezierCurve(unchecked: 0.42, 0, 1, 1)
    /// CSS `ease-out`, Core Animation `.easeOut`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezierCurve(unchecked: 0, 0, 0.58, 1)
    /// CSS `ease-in-out`, Core Animation `.easeInEaseOut`: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierCurve(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation `.default` ("matches most system animations"), identical to CSS `ease`.
    public static let coreAnimationDefault = ease
    /// Linear as a Bézier: (0, 0, 1, 1).
    public static let linear = CubicBezierCurve(unchecked: 0, 0, 1, 1)
}
