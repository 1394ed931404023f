/// A unit timing curve: maps the fraction of elapsed time `x` to the fraction of progress `y`,
/// with `y(0) = 0` and `y(1) = 1`. Progress may leave [0, 1] (overshooting curves).
///
/// Conformers: ``CubicBezierCurve`` (CSS / Core Animation curves) and ``LinearCurve``. Wrap one
/// in ``CurveTiming`` with a duration to drive an ``InterruptibleAnimation``.
public protocol TimingCurve: Sendable {
    /// Progress at time fraction `x`. Defined for every finite `x` (conformers extend the curve
    /// linearly outside [0, 1]); NaN gives 0.
    func value(at x: Double) -> Double
    /// `dy/dx` at time fraction `x` (progress per unit of time fraction).
    func slope(at x: Double) -> Double
    /// Both at once (conformers override it when they can share work, e.g. one Bézier solve).
    func valueAndSlope(at x: Double) -> (value: Double, slope: Double)
}

extension TimingCurve {
    /// `(value(at: x), slope(at: x))`.
    public func valueAndSlope(at x: Double) -> (value: Double, slope: Double) { (value(at: x), slope(at: x)) }
}
