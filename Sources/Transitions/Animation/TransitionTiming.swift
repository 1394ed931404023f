/// The timing of an animation: a spring (``DampedSpring``) or a duration-based curve
/// (``CurveTiming``). Conformers turn the current state into a ``TransitionMotion`` whose position
/// and velocity at time 0 equal the request's, which is what keeps interruptions seamless.
public protocol TransitionTiming: Sendable {
    /// The motion from `request.position` (moving at `request.velocity`) to `request.target`.
    func motion(for request: MotionRequest) -> TransitionMotion
}
