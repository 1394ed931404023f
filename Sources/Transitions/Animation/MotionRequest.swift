/// What an ``InterruptibleAnimation`` asks its timing for whenever it (re)plans: the motion from
/// the current state to a target.
public struct MotionRequest: Sendable, Hashable {
    /// Current value.
    public var position: Double
    /// Current velocity, value units per second; the motion must start with exactly this velocity.
    /// `nil` when the value is at rest and no velocity was imposed: the timing then starts the way
    /// it naturally does (a curve with its own initial slope, a spring from rest).
    public var velocity: Double?
    /// The value to come to rest at.
    public var target: Double
    /// Distance still to go as a fraction of the whole animation's span, in [0, 1]
    /// (1 for a fresh start; about 0.3 when reversing at 30 %). Duration-based timings scale by it.
    public var remainingFraction: Double
    /// How close to the target (value units) counts as arrived, for timings without a fixed end.
    public var restTolerance: Double

    /// A request; see the properties for units.
    public init(position: Double, velocity: Double?, target: Double, remainingFraction: Double = 1,
                restTolerance: Double = 0.001) {
        self.position = position
        self.velocity = velocity
        self.target = target
        self.remainingFraction = remainingFraction
        self.restTolerance = restTolerance
    }
}
