/// A scalar animation from ``startValue`` to ``endValue`` that can be paused, scrubbed, reversed,
/// retargeted and given new timing at any moment without a jump in position or velocity —
/// what a menu that can be dismissed while it is still appearing needs.
///
/// It is driven by an injected ``FrameClock``: call ``update()`` once per frame (from the display
/// link callback) and read ``position``. Every command takes effect at the clock's current time,
/// not at the last frame, and every position is a pure function of time since the last command,
/// so 30, 60, 120 Hz or irregular frames see the same positions at the same times. Animate several
/// properties by running one animation per scalar (x, y, scale, alpha…) on the same clock.
///
/// Interruptions carry velocity: the new motion starts from the current position *and* velocity
/// (springs continue physically; curves add a fading velocity-matching term, see ``CurveTiming``).
/// A successor animation for the same property takes over the same way
/// (``init(takingOverFrom:to:timing:)``); animations are never summed (not additive), so a property
/// has one owner at a time.
///
/// Completion handlers run exactly once, synchronously inside the call that ends the animation
/// (``update()`` or ``finish(at:)``), with where it ended and the final value.
///
/// Not thread-safe: use it from one isolation domain (the main actor in an app).
public final class InterruptibleAnimation {
    /// The animation's life cycle.
    public enum Phase: Sendable, Hashable {
        /// Created, not started; ``position`` is ``startValue`` (or a scrubbed value).
        case idle
        /// Moving with time.
        case running
        /// Frozen by ``pause()`` or by scrubbing; the motion resumes where it was.
        case paused
        /// Ended; completion handlers have run.
        case finished(TransitionEndpoint)
    }

    /// The clock this animation reads.
    public let clock: any FrameClock
    /// The value at fraction 0, value units.
    public private(set) var startValue: Double
    /// The value at fraction 1, value units (``retarget(to:)`` moves it, or moves ``startValue``
    /// while reversed).
    public private(set) var endValue: Double
    /// The timing used for the current and any later motion.
    public private(set) var timing: any TransitionTiming
    /// How close to the target counts as arrived for springs, value units.
    public let restTolerance: Double
    /// Whether the animation is heading to ``startValue``.
    public private(set) var isReversed = false
    /// Current phase.
    public private(set) var phase: Phase = .idle
    /// Value at the latest ``update()`` or command, value units.
    public private(set) var position: Double
    /// Velocity at the latest ``update()`` or command, value units per second
    /// (0 unless running: a paused animation does not move).
    public private(set) var velocity: Double = 0

    private var motion: TransitionMotion
    /// Clock time (s) at which `motion` began, while running.
    private var motionStart: Double = 0
    /// Elapsed motion time (s) frozen by a pause.
    private var pausedElapsed: Double = 0
    /// Whether the paused value was placed by scrubbing (so it is at rest, with no motion to resume).
    private var scrubbed = false
    /// Latest accepted clock reading (s); readings never move time backwards.
    private var lastTime: Double
    private var completions: [(TransitionEndpoint, Double) -> Void] = []

    /// An idle animation.
    /// - Parameters:
    ///   - start: value at fraction 0.
    ///   - end: value at fraction 1.
    ///   - timing: a ``DampedSpring`` or a ``CurveTiming``.
    ///   - clock: the frame clock to read.
    ///   - restTolerance: value units; a spring motion ends (snapping to the target) once it stays
    ///     within this distance. Default 0.001 — use about `0.5 / screenScale` for points.
    /// - Throws: ``TransitionsError`` for non-finite values or a non-positive tolerance.
    public init(from start: Double, to end: Double, timing: any TransitionTiming, clock: any FrameClock,
                restTolerance: Double = 0.001) throws(TransitionsError) {
        startValue = try Validate.finite(start, "start")
        endValue = try Validate.finite(end, "end")
        self.restTolerance = try Validate.positive(restTolerance, "restTolerance")
        self.timing = timing
        self.clock = clock
        position = start
        motion = TransitionMotion(restingAt: end)
        let now = clock.now.seconds
        lastTime = now.isFinite ? now : 0
    }

    /// A new animation of the same property that takes over `previous` at the clock's current
    /// time: it starts at `previous`'s position with its velocity (heading to `target`), and
    /// `previous` is finished at `.current` (its completion handlers run first).
    /// - Parameters:
    ///   - previous: the animation being replaced; if it is not running (idle, paused, finished),
    ///     the new one starts from its current value at rest.
    ///   - target: the new end value.
    ///   - timing: the new timing (default: `previous`'s).
    public convenience init(takingOverFrom previous: InterruptibleAnimation, to target: Double,
                            timing: (any TransitionTiming)? = nil) throws(TransitionsError) {
        previous.update()
        // A predecessor that is not moving hands over "from rest" (the timing's own start).
        let position = previous.position, velocity: Double? = previous.phase == .running ? previous.velocity : nil
        try self.init(from: position, to: target, timing: timing ?? previous.timing, clock: previous.clock,
                      restTolerance: previous.restTolerance)
        previous.finish(at: .current)
        try start(initialVelocity: velocity)
    }

    /// The value the current motion heads to: ``endValue``, or ``startValue`` when reversed.
    public var target: Double { isReversed ? startValue : endValue }

    /// Progress from ``startValue`` (0) to ``endValue`` (1), measured on the position, so it
    /// follows the timing while running (and leaves [0, 1] while a spring overshoots). It is not
    /// flipped by ``reverse()``.
    ///
    /// Setting it scrubs: the animation pauses (if running) and the position moves *linearly* to
    /// `startValue + fraction·(endValue − startValue)`, with zero velocity. NaN is ignored and
    /// values are clamped to [0, 1]; a finished animation ignores it. ``start(initialVelocity:)``
    /// or ``continueAnimation(timing:initialVelocity:)`` then continues from the scrubbed value.
    public var fractionComplete: Double {
        get {
            let span = endValue - startValue
            guard span != 0 else {
                if case .finished = phase { return 1 }
                return 0
            }
            return (position - startValue) / span
        }
        set {
            guard !newValue.isNaN else { return }
            switch phase {
            case .finished: return
            case .running: pause()
            case .idle, .paused: break
            }
            if case .finished = phase { return }  // the pause may have observed completion
            let fraction = min(max(newValue, 0), 1)
            position = startValue + fraction * (endValue - startValue)
            velocity = 0
            if phase == .paused {
                scrubbed = true
                replan(from: position, velocity: nil, at: lastTime)
            }
        }
    }

    /// Registers a handler run once when the animation ends, with the endpoint and final value.
    /// If it has already ended, the handler runs immediately.
    public func addCompletion(_ handler: @escaping (TransitionEndpoint, Double) -> Void) {
        if case .finished(let endpoint) = phase {
            handler(endpoint, position)
        } else {
            completions.append(handler)
        }
    }

    /// Starts an idle animation (or resumes a paused one) at the clock's current time.
    /// - Parameter initialVelocity: value units per second at the start (e.g. a gesture's release
    ///   velocity). `nil` (default) starts from rest the timing's own way: a curve follows its
    ///   shape exactly (including its initial slope), a spring starts at 0. Ignored when resuming a
    ///   pause (use ``continueAnimation(timing:initialVelocity:)`` to impose one).
    /// - Throws: ``TransitionsError/animationFinished`` once finished; `.nonFinite` for a bad velocity.
    public func start(initialVelocity: Double? = nil) throws(TransitionsError) {
        if let initialVelocity { _ = try Validate.finite(initialVelocity, "initialVelocity") }
        let now = currentTime()
        switch phase {
        case .finished: throw .animationFinished
        case .running: return
        case .idle:
            replan(from: position, velocity: initialVelocity, at: now)
            phase = .running
            velocity = motion.state(at: 0).velocity
        case .paused:
            resume(at: now)
        }
    }

    /// Freezes the animation at the clock's current time (no-op unless running).
    public func pause() {
        update()
        guard phase == .running else { return }
        pausedElapsed = lastTime - motionStart
        scrubbed = false
        velocity = 0
        phase = .paused
    }

    /// Heads back to the other end value from the current position and velocity (a paused
    /// animation stays paused and reverses when resumed).
    /// - Throws: ``TransitionsError/animationFinished`` once finished.
    public func reverse() throws(TransitionsError) {
        try redirect { isReversed.toggle() }
    }

    /// Moves the current target (``endValue``, or ``startValue`` while reversed) to `value`,
    /// keeping the current position and velocity.
    /// - Throws: `.nonFinite` for a bad value; ``TransitionsError/animationFinished`` once finished.
    public func retarget(to value: Double) throws(TransitionsError) {
        let value = try Validate.finite(value, "value")
        try redirect {
            if isReversed { startValue = value } else { endValue = value }
        }
    }

    /// Continues (starting or resuming if needed) with new timing and/or a new velocity, from the
    /// current position; the `UIViewPropertyAnimator.continueAnimation(withTimingParameters:)` idea.
    /// - Parameters:
    ///   - timing: replaces ``timing`` when given.
    ///   - initialVelocity: value units per second to continue with (e.g. a pan gesture's release
    ///     velocity after scrubbing); default: the current motion's velocity.
    /// - Throws: ``TransitionsError/animationFinished`` once finished; `.nonFinite` for a bad velocity.
    public func continueAnimation(timing: (any TransitionTiming)? = nil, initialVelocity: Double? = nil)
        throws(TransitionsError)
    {
        if let initialVelocity { _ = try Validate.finite(initialVelocity, "initialVelocity") }
        update()
        if case .finished = phase { throw .animationFinished }
        if let timing { self.timing = timing }
        let now = lastTime
        switch phase {
        case .idle:
            try start(initialVelocity: initialVelocity)
        case .running:
            let carried = initialVelocity ?? velocity
            replan(from: position, velocity: carried, at: now)
            velocity = carried
        case .paused:
            replan(from: position, velocity: initialVelocity ?? pausedMotionVelocity, at: now)
            resume(at: now)
        case .finished:
            break
        }
    }

    /// Ends the animation now at `endpoint` (`.current` stays where it is; `.end`/`.start` jump
    /// there) and runs the completion handlers. No-op when already finished.
    public func finish(at endpoint: TransitionEndpoint) {
        update()
        if case .finished = phase { return }
        switch endpoint {
        case .end: complete(at: .end, value: endValue)
        case .start: complete(at: .start, value: startValue)
        case .current: complete(at: .current, value: position)
        }
    }

    /// Samples the animation at the clock's current time: updates ``position`` and ``velocity``
    /// and, when the motion has arrived, snaps to the target and runs the completion handlers.
    /// Call once per frame. Allocates nothing.
    /// - Returns: the new position.
    @discardableResult
    public func update() -> Double {
        let now = currentTime()
        guard phase == .running else { return position }
        let elapsed = now - motionStart
        if elapsed >= motion.duration {
            complete(at: isReversed ? .start : .end, value: motion.target)
        } else {
            (position, velocity) = motion.state(at: elapsed)
        }
        return position
    }

    // MARK: - Internals

    /// The clock's reading in seconds, ignoring readings that are not finite or go backwards.
    private func currentTime() -> Double {
        let now = clock.now.seconds
        if now.isFinite, now > lastTime { lastTime = now }
        return lastTime
    }

    /// Applies a change of target at the current time and replans from the current state.
    private func redirect(_ change: () -> Void) throws(TransitionsError) {
        update()
        if case .finished = phase { throw .animationFinished }
        let now = lastTime
        switch phase {
        case .running:
            change()
            replan(from: position, velocity: velocity, at: now)
        case .paused:
            let carried = pausedMotionVelocity
            change()
            replan(from: position, velocity: carried, at: now)
        case .idle, .finished:
            change()
        }
    }

    /// Replaces the motion with one from `(position, velocity)` to the target, beginning at `now`.
    private func replan(from position: Double, velocity: Double?, at now: Double) {
        let span = abs(endValue - startValue)
        let remaining = span > 0 ? min(abs(target - position) / span, 1) : 1
        motion = timing.motion(for: MotionRequest(position: position, velocity: velocity, target: target,
                                                  remainingFraction: remaining, restTolerance: restTolerance))
        motionStart = now
        pausedElapsed = 0
    }

    /// The frozen motion's velocity while paused; `nil` after scrubbing (the value is at rest).
    private var pausedMotionVelocity: Double? {
        scrubbed ? nil : motion.state(at: pausedElapsed).velocity
    }

    private func resume(at now: Double) {
        motionStart = now - pausedElapsed
        velocity = motion.state(at: pausedElapsed).velocity
        scrubbed = false
        phase = .running
    }

    private func complete(at endpoint: TransitionEndpoint, value: Double) {
        position = value
        velocity = 0
        phase = .finished(endpoint)
        let handlers = completions
        completions = []
        for handler in handlers { handler(endpoint, value) }
    }
}
