extension DampedSpring: TransitionTiming {
    /// The spring's closed-form motion; it ends when settled within `request.restTolerance`
    /// (see ``SpringSolution/settlingDuration(epsilon:)``). `remainingFraction` is ignored: a
    /// spring's timing comes from physics, not from a duration.
    public func motion(for request: MotionRequest) -> TransitionMotion {
        TransitionMotion(spring: self, from: request.position, velocity: request.velocity ?? 0, to: request.target,
                         restTolerance: request.restTolerance)
    }
}
