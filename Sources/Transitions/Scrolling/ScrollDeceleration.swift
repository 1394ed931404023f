import PixelKitPlatform

/// UIScrollView momentum: velocity is multiplied by `rate` every millisecond.
///
/// With `D = 1000·ln(rate)` (per second): `v(t) = v0·e^(D t)`, `x(t) = x0 + v0·(e^(D t) − 1)/D`,
/// rest position `x0 − v0/D` (the exact integral, not WWDC18's `v·r/(1 − r)/1000` approximation).
/// Units throughout: positions in points, velocities in points per **second** (a pan gesture's
/// `velocity(in:)`; multiply `scrollViewWillEndDragging`'s points-per-millisecond by 1000), times in seconds.
public struct ScrollDeceleration: Sendable, Hashable {
    /// Fraction of velocity kept per millisecond, in (0, 1).
    public let rate: Double
    /// `1000·ln(rate)`, per second (negative).
    public let logRatePerSecond: Double

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per ms.
    public static let normal = ScrollDeceleration(uncheckedRate: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per ms.
    public static let fast = ScrollDeceleration(uncheckedRate: 0.99)

    /// A deceleration with `rate` per millisecond.
    /// - Throws: ``TransitionsError`` unless `rate` is finite and strictly between 0 and 1.
    public init(rate: Double) throws(TransitionsError) {
        let rate = try Validate.finite(rate, "rate")
        guard rate > 0, rate < 1 else { throw .outOfRange(parameter: "rate", value: rate, allowed: "between 0 and 1 (exclusive)") }
        self.init(uncheckedRate: rate)
    }

    private init(uncheckedRate rate: Double) {
        self.rate = rate
        logRatePerSecond = 1000 * log(rate)
    }

    /// Velocity (points/s) `time` seconds after release at `velocity` (points/s); `time ≤ 0` gives `velocity`.
    public func velocity(at time: Double, initialVelocity velocity: Double) -> Double {
        guard time > 0 else { return velocity }
        return velocity * exp(logRatePerSecond * min(time, 1e9))
    }

    /// Position (points) `time` seconds after release from `position` at `velocity` (points/s).
    public func position(at time: Double, from position: Double, initialVelocity velocity: Double) -> Double {
        guard time > 0 else { return position }
        return position + velocity * expm1(logRatePerSecond * min(time, 1e9)) / logRatePerSecond
    }

    /// Where the content comes to rest (points): `position − velocity/D`.
    public func restPosition(from position: Double, initialVelocity velocity: Double) -> Double {
        position - velocity / logRatePerSecond
    }

    /// Seconds until the remaining travel is below `threshold` points (ScrollMechanics' definition,
    /// typically 0.5 pt or `0.5/screenScale`): `ln(−D·threshold/|v0|)/D`, 0 if already below.
    public func duration(initialVelocity velocity: Double, threshold: Double) -> Double {
        let remaining = abs(velocity) / -logRatePerSecond
        guard threshold > 0, remaining > threshold else { return 0 }
        return log(threshold / remaining) / logRatePerSecond
    }

    /// Seconds to travel `distance` points (in the direction of motion) when released at `velocity`
    /// points/s, `ln(1 + D·|distance|/|v0|)/D`; `nil` when the content stops before covering it.
    public func timeToTravel(_ distance: Double, initialVelocity velocity: Double) -> Double? {
        let total = abs(velocity) / -logRatePerSecond
        let distance = abs(distance)
        guard distance.isFinite, distance < total else { return distance == 0 ? 0 : nil }
        return log1p(logRatePerSecond * distance / abs(velocity)) / logRatePerSecond
    }

    /// Release velocity (points/s) that makes content at `position` come to rest at `target`:
    /// `(target − position)·(−D)`.
    public func velocity(toLandAt target: Double, from position: Double) -> Double {
        (target - position) * -logRatePerSecond
    }
}
