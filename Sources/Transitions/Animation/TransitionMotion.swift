/// One uninterrupted motion toward a target: what an ``InterruptibleAnimation`` samples each
/// frame until the next interruption replaces it.
///
/// ``TransitionMotion/state(at:)`` is a pure function of the elapsed time, so the same time gives the same position
/// whatever frames were drawn before it (frame-rate independence), and sampling allocates nothing.
public struct TransitionMotion: Sendable {
    private enum Shape: Sendable {
        case rest
        case spring(SpringSolution)
        /// `p(τ) = start + distance·y(τ/D) + correction·τ·(1 − τ/D)²`, with `y` = ``curve``.
        case curve(start: Double, distance: Double, correction: Double)
    }

    /// The value the motion ends at, exactly.
    public let target: Double
    /// Seconds from the motion's start until it is at rest at ``target`` (0 for an immediate jump).
    public let duration: Double
    private let shape: Shape
    /// Kept outside `Shape` so sampling borrows it instead of copying (and retaining) the existential.
    private let curve: any TimingCurve

    /// A motion that is already at rest at `target`.
    public init(restingAt target: Double) {
        self.target = target.isFinite ? target : 0
        duration = 0
        shape = .rest
        curve = LinearCurve()
    }

    /// A spring motion from `position` (moving at `velocity` units/s) to `target`, ending once
    /// settled within `restTolerance` value units. Non-finite inputs are treated as 0.
    public init(spring: DampedSpring, from position: Double, velocity: Double, to target: Double,
                restTolerance: Double) {
        let target = target.isFinite ? target : 0
        let position = position.isFinite ? position : target
        let solution = SpringSolution(spring: spring, displacement: position - target, velocity: velocity)
        let tolerance = restTolerance.isFinite && restTolerance > 0 ? restTolerance : 0.001
        self.target = target
        duration = solution.settlingDuration(epsilon: tolerance)
        shape = duration > 0 ? .spring(solution) : .rest
        curve = LinearCurve()
    }

    /// A curve motion over `duration` seconds from `position` (moving at `velocity` units/s) to
    /// `target`: the curve scaled to the distance, plus a term that starts at `velocity` minus the
    /// curve's own initial velocity and fades out by the end, so the start velocity is exact.
    /// A `nil` velocity means "from rest, follow the plain curve" (no correction term).
    /// A zero duration (or non-finite input) gives an immediate jump to `target`.
    public init(curve: any TimingCurve, duration: Double, from position: Double, velocity: Double?, to target: Double) {
        let target = target.isFinite ? target : 0
        self.target = target
        self.curve = curve
        guard duration.isFinite, duration > 0, position.isFinite else {
            self.duration = 0
            shape = .rest
            return
        }
        self.duration = duration
        let distance = target - position
        let startSlope = curve.slope(at: 0)
        let curveVelocity = startSlope.isFinite ? distance * startSlope / duration : 0
        let correction: Double
        if let velocity, velocity.isFinite { correction = velocity - curveVelocity } else { correction = 0 }
        shape = .curve(start: position, distance: distance, correction: correction)
    }

    /// Position (value units) and velocity (units/s) at `elapsed` seconds after the motion began.
    /// Negative or NaN elapsed times give the initial state; from ``duration`` on, `(target, 0)`.
    public func state(at elapsed: Double) -> (position: Double, velocity: Double) {
        guard !(elapsed >= duration) else { return (target, 0) }
        let elapsed = elapsed > 0 ? elapsed : 0
        switch shape {
        case .rest:
            return (target, 0)
        case .spring(let solution):
            let (displacement, velocity) = solution.state(at: elapsed)
            return (target + displacement, velocity)
        case .curve(let start, let distance, let correction):
            let s = elapsed / duration
            let fade = 1 - s
            let (progress, slope) = curve.valueAndSlope(at: s)
            let position = start + distance * progress + correction * elapsed * fade * fade
            let velocity = distance * slope / duration + correction * fade * (1 - 3 * s)
            return (position, velocity)
        }
    }
}
