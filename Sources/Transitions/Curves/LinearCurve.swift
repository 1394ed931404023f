/// The identity timing curve: progress equals the elapsed time fraction (`CAMediaTimingFunction`
/// `.linear`, CSS `linear`).
public struct LinearCurve: TimingCurve, Hashable {
    /// The linear curve.
    public init() {}

    /// `x` itself (NaN gives 0, ±∞ the largest finite values).
    public func value(at x: Double) -> Double { CubicBezierCurve.saturated(x) }

    /// Always 1.
    public func slope(at x: Double) -> Double { 1 }
}
