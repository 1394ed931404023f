/// A timing curve run over a duration, as an animation timing.
///
/// When an animation is interrupted (reversed, retargeted, continued) with curve timing, the new
/// motion is the curve scaled to the remaining distance, plus a correction term
/// `w·τ·(1 − τ/D)²` that starts with exactly the current velocity and fades out by the end; the
/// duration is `duration × max(remainingFraction, minimumDurationFraction)`.
public struct CurveTiming: TransitionTiming {
    /// The curve mapping elapsed-time fraction to progress.
    public let curve: any TimingCurve
    /// Seconds for a whole (start-to-end) run; ≥ 0 (0 jumps to the target on the next frame).
    public let duration: Double
    /// Shortest fraction of `duration` that an interrupted motion gets (so a reversal just after
    /// starting still has time to absorb the current velocity); in [0, 1].
    public let minimumDurationFraction: Double

    /// A curve timing.
    /// - Parameters:
    ///   - curve: e.g. ``CubicBezierCurve/easeInOut`` or ``LinearCurve``.
    ///   - duration: seconds, finite and ≥ 0.
    ///   - minimumDurationFraction: in [0, 1], default 0.25.
    /// - Throws: ``TransitionsError`` for a non-finite or negative duration or a fraction outside [0, 1].
    public init(_ curve: any TimingCurve, duration: Double, minimumDurationFraction: Double = 0.25)
        throws(TransitionsError)
    {
        self.curve = curve
        self.duration = try Validate.nonNegative(duration, "duration")
        let fraction = try Validate.nonNegative(minimumDurationFraction, "minimumDurationFraction")
        guard fraction <= 1 else {
            throw .outOfRange(parameter: "minimumDurationFraction", value: fraction, allowed: "between 0 and 1")
        }
        self.minimumDurationFraction = fraction
    }

    /// The curve motion described on the type.
    public func motion(for request: MotionRequest) -> TransitionMotion {
        let fraction = request.remainingFraction.isFinite ? min(max(request.remainingFraction, 0), 1) : 1
        let scaled = duration * max(fraction, minimumDurationFraction)
        return TransitionMotion(curve: curve, duration: scaled, from: request.position, velocity: request.velocity,
                                to: request.target)
    }
}
