import Testing
import PropertyBased
@testable import Transitions

/// Records completions so tests can assert "exactly once".
private final class CompletionLog {
    var calls: [(TransitionEndpoint, Double)] = []
    func attach(to animation: InterruptibleAnimation) {
        animation.addCompletion { [self] endpoint, value in calls.append((endpoint, value)) }
    }
}

private func runToEnd(_ animation: InterruptibleAnimation, clock: ManualFrameClock, frameRate: Double = 60) {
    for _ in 0..<100_000 {
        if case .finished = animation.phase { return }
        clock.advance(by: 1 / frameRate)
        animation.update()
    }
}

/// Position and velocity `delay` seconds later: continuity is checked by comparing the state at a
/// command with the new motion's state an instant afterwards.
private func state(_ animation: InterruptibleAnimation, after delay: Double, clock: ManualFrameClock) -> (Double, Double) {
    clock.advance(by: delay)
    animation.update()
    return (animation.position, animation.velocity)
}

@Suite struct InterruptibleAnimationTests {
    static let timings: [any TransitionTiming] = [
        DampedSpring.bouncy, DampedSpring.smooth, try! DampedSpring(dampingRatio: 2, response: 0.4),
        try! CurveTiming(CubicBezierCurve.easeInOut, duration: 0.4), try! CurveTiming(LinearCurve(), duration: 0.3),
        try! CurveTiming(CubicBezierCurve.easeOut, duration: 0.35),
    ]

    @Test(arguments: 0..<timings.count)
    func reverseMidFlightKeepsPositionAndVelocityContinuous(index: Int) throws {
        let clock = ManualFrameClock()
        let animation = try InterruptibleAnimation(from: 0, to: 100, timing: Self.timings[index], clock: clock)
        try animation.start()
        clock.advance(by: 0.12)
        animation.update()
        let before = (animation.position, animation.velocity)
        #expect(before.1 > 0)
        try animation.reverse()
        #expect(animation.position == before.0 && animation.velocity == before.1)
        // One microsecond later the motion is where the old velocity would have carried it.
        let after = state(animation, after: 1e-6, clock: clock)
        // (ease-out's start has unbounded curvature, so allow a second-order term.)
        #expect(abs(after.0 - (before.0 + before.1 * 1e-6)) < 1e-5 * max(1, abs(before.1)))
        #expect(abs(after.1 - before.1) < 0.05 * max(1, abs(before.1)))
        runToEnd(animation, clock: clock)
        #expect(animation.phase == .finished(.start))
        #expect(animation.position == 0)
    }

    @Test(arguments: 0..<timings.count)
    func retargetMidFlightKeepsVelocity(index: Int) throws {
        let clock = ManualFrameClock()
        let animation = try InterruptibleAnimation(from: 0, to: 1, timing: Self.timings[index], clock: clock)
        try animation.start(initialVelocity: 2)
        clock.advance(by: 0.1)
        animation.update()
        let before = (animation.position, animation.velocity)
        try animation.retarget(to: -3)
        let after = state(animation, after: 1e-6, clock: clock)
        #expect(abs(after.0 - (before.0 + before.1 * 1e-6)) < 1e-5)
        #expect(abs(after.1 - before.1) < 0.05 * max(1, abs(before.1)))
        runToEnd(animation, clock: clock)
        #expect(animation.phase == .finished(.end))
        #expect(animation.position == -3)
        #expect(animation.endValue == -3)
    }

    @Test func randomInterruptionsNeverJump() async {
        await propertyCheck(count: 60, input: Gen.double(in: 0.1...2), Gen.double(in: 0.05...0.6), Gen.double(in: 0.01...0.5),
                            Gen.double(in: -5...5), Gen.int(in: 0...2)) { ratio, response, when, newTarget, command in
            let clock = ManualFrameClock()
            let spring = try #require(try? DampedSpring(dampingRatio: ratio, response: response))
            let animation = try InterruptibleAnimation(from: 0, to: 1, timing: spring, clock: clock)
            try animation.start(initialVelocity: 1)
            clock.advance(by: when)
            animation.update()
            guard animation.phase == .running else { return }
            let before = (animation.position, animation.velocity)
            switch command {
            case 0: try animation.reverse()
            case 1: try animation.retarget(to: newTarget)
            default: try animation.continueAnimation(timing: try CurveTiming(CubicBezierCurve.easeInOut, duration: response))
            }
            let after = state(animation, after: 1e-7, clock: clock)
            #expect(abs(after.0 - before.0) <= 1e-6 * max(1, abs(before.1)))
            // Over 1e-7 s velocity may change by acceleration × 1e-7; bound the acceleration of the
            // new spring (ω0² |x| + 2ζω0 |v|, generously) or the new curve (distance / duration² × 50).
            let omega = 2 * Double.pi / response
            let distance = abs(before.0) + abs(newTarget) + 1
            let acceleration = max(omega * omega * distance + 2 * ratio * omega * abs(before.1), 50 * distance / (response * response))
            #expect(abs(after.1 - before.1) <= 1e-3 * max(1, abs(before.1)) + 1e-7 * 2 * acceleration)
        }
    }

    @Test func continueWithNewTimingIsSeamless() throws {
        let clock = ManualFrameClock()
        let animation = try InterruptibleAnimation(from: 0, to: 1, timing: try CurveTiming(CubicBezierCurve.easeIn, duration: 1),
                                                   clock: clock)
        try animation.start()
        clock.advance(by: 0.5)
        animation.update()
        let before = (animation.position, animation.velocity)
        try animation.continueAnimation(timing: DampedSpring.snappy)
        let after = state(animation, after: 1e-6, clock: clock)
        #expect(abs(after.0 - (before.0 + before.1 * 1e-6)) < 1e-6)
        #expect(abs(after.1 - before.1) < 1e-3)
    }

    @Test func completionFiresExactlyOnce() throws {
        let clock = ManualFrameClock()
        let log = CompletionLog()
        let animation = try InterruptibleAnimation(from: 0, to: 10, timing: DampedSpring.bouncy, clock: clock)
        log.attach(to: animation)
        try animation.start()
        runToEnd(animation, clock: clock)
        for _ in 0..<10 { clock.advance(by: 1); animation.update() }
        animation.finish(at: .start)
        #expect(log.calls.count == 1)
        #expect(log.calls.first?.0 == .end && log.calls.first?.1 == 10)
        #expect(throws: TransitionsError.animationFinished) { try animation.reverse() }
        #expect(throws: TransitionsError.animationFinished) { try animation.retarget(to: 3) }
        // A handler added afterwards learns the outcome once, immediately.
        var late: [TransitionEndpoint] = []
        animation.addCompletion { endpoint, _ in late.append(endpoint) }
        #expect(late == [.end])
    }

    @Test(arguments: [TransitionEndpoint.end, .start, .current])
    func finishAtEndpointReportsFinalValue(endpoint: TransitionEndpoint) throws {
        let clock = ManualFrameClock()
        let log = CompletionLog()
        let animation = try InterruptibleAnimation(from: 2, to: 4, timing: try CurveTiming(LinearCurve(), duration: 1), clock: clock)
        log.attach(to: animation)
        try animation.start()
        clock.advance(by: 0.25)
        animation.finish(at: endpoint)
        animation.finish(at: .end)
        let expected: Double = switch endpoint { case .end: 4; case .start: 2; case .current: 2.5 }
        #expect(log.calls.count == 1)
        #expect(log.calls.first?.0 == endpoint)
        #expect(abs((log.calls.first?.1 ?? .nan) - expected) < 1e-12)
    }

    /// Positions at fixed check times must not depend on how frames were spaced, including when
    /// commands happen between frames.
    @Test func frameRateIndependence() async throws {
        func trace(frames: [Double]) throws -> [Double] {
            let clock = ManualFrameClock()
            let animation = try InterruptibleAnimation(from: 0, to: 1, timing: DampedSpring.bouncy, clock: clock)
            var commands: [(Double, (InterruptibleAnimation) throws -> Void)] = [
                (0, { try $0.start() }), (0.137, { try $0.reverse() }), (0.29, { try $0.retarget(to: 0.4) }),
                (0.41, { $0.pause() }), (0.5, { try $0.continueAnimation(timing: try CurveTiming(CubicBezierCurve.ease, duration: 0.5)) }),
            ]
            let checks = [0.05, 0.2, 0.3, 0.45, 0.6, 0.77, 0.9]
            var results: [Double] = []
            var events = Set(frames + checks + commands.map(\.0)).sorted()
            events.removeAll { $0 > 1 }
            for time in events {
                clock.set(to: FrameInstant(seconds: time))
                while let command = commands.first, command.0 <= time { try command.1(animation); commands.removeFirst() }
                animation.update()
                if checks.contains(time) { results.append(animation.position) }
            }
            return results
        }
        let reference = try trace(frames: [])
        for rate in [30.0, 60, 120] {
            let frames = (1...Int(rate)).map { Double($0) / rate }
            let positions = try trace(frames: frames)
            for (a, b) in zip(positions, reference) { #expect(abs(a - b) < 1e-9) }
        }
        await propertyCheck(count: 20, input: Gen.double(in: 0.001...0.05).array(of: 10...200)) { gaps in
            var time = 0.0
            let frames = gaps.map { gap -> Double in time += gap; return time }
            let positions = try trace(frames: frames)
            for (a, b) in zip(positions, reference) { #expect(abs(a - b) < 1e-9) }
        }
    }

    @Test func timeDrivenProgressFollowsTheCurve() throws {
        let clock = ManualFrameClock()
        // `ease` starts with a non-zero slope: a start from rest must still follow the plain curve.
        let animation = try InterruptibleAnimation(from: 0, to: 1, timing: try CurveTiming(CubicBezierCurve.ease, duration: 2),
                                                   clock: clock)
        try animation.start()
        for step in 1..<20 {
            clock.advance(by: 0.1)
            animation.update()
            let x = Double(step) * 0.1 / 2
            #expect(abs(animation.fractionComplete - CubicBezierCurve.ease.value(at: x)) < 1e-9)
            #expect(abs(animation.velocity - CubicBezierCurve.ease.slope(at: x) / 2) < 1e-9)
        }
        let spring = try InterruptibleAnimation(from: 0, to: 1, timing: DampedSpring.bouncy, clock: clock)
        try spring.start()
        clock.advance(by: 0.2)
        spring.update()
        let expected = 1 + SpringSolution(spring: .bouncy, displacement: -1, velocity: 0).displacement(at: 0.2)
        #expect(abs(spring.position - expected) < 1e-12)
    }

    @Test func scrubbingIsLinearAndResumesFromTheScrubbedValue() throws {
        let clock = ManualFrameClock()
        let animation = try InterruptibleAnimation(from: 10, to: 30, timing: try CurveTiming(CubicBezierCurve.easeInOut, duration: 1),
                                                   clock: clock)
        try animation.start()
        clock.advance(by: 0.3)
        for fraction in [0.0, 0.25, 0.8, 1.5, -1] {
            animation.fractionComplete = fraction
            #expect(animation.phase == .paused)
            #expect(animation.position == 10 + min(max(fraction, 0), 1) * 20)
            #expect(animation.velocity == 0)
        }
        animation.fractionComplete = .nan
        #expect(animation.position == 10)
        animation.fractionComplete = 0.5
        clock.advance(by: 5)  // time passes while paused: nothing moves
        animation.update()
        #expect(animation.position == 20)
        try animation.start()
        clock.advance(by: 1e-4)
        animation.update()
        #expect(animation.position > 20 && animation.position < 20.01)
        runToEnd(animation, clock: clock)
        #expect(animation.position == 30)
    }

    @Test func pauseResumeContinuesTheSameMotion() throws {
        let clock = ManualFrameClock()
        let paused = try InterruptibleAnimation(from: 0, to: 1, timing: DampedSpring.bouncy, clock: clock)
        try paused.start()
        clock.advance(by: 0.1)
        paused.pause()
        let frozen = paused.position
        clock.advance(by: 3)
        paused.update()
        #expect(paused.position == frozen)
        try paused.start()
        clock.advance(by: 0.05)
        paused.update()
        let expected = 1 + SpringSolution(spring: .bouncy, displacement: -1, velocity: 0).displacement(at: 0.15)
        #expect(abs(paused.position - expected) < 1e-12)
    }

    @Test func zeroDurationAndEmptyMovesCompleteOnNextUpdate() throws {
        let clock = ManualFrameClock()
        let log = CompletionLog()
        let jump = try InterruptibleAnimation(from: 0, to: 5, timing: try CurveTiming(LinearCurve(), duration: 0), clock: clock)
        log.attach(to: jump)
        try jump.start()
        jump.update()
        #expect(jump.phase == .finished(.end) && jump.position == 5)
        let still = try InterruptibleAnimation(from: 3, to: 3, timing: DampedSpring.smooth, clock: clock)
        log.attach(to: still)
        try still.start()
        still.update()
        #expect(still.phase == .finished(.end) && still.position == 3)
        #expect(log.calls.count == 2)
    }

    @Test func clockGoingBackwardsOrNonFiniteIsIgnored() throws {
        let clock = ManualFrameClock(start: FrameInstant(seconds: 100))
        let animation = try InterruptibleAnimation(from: 0, to: 1, timing: DampedSpring.smooth, clock: clock)
        try animation.start()
        clock.set(to: FrameInstant(seconds: 100.1))
        let at = animation.update()
        clock.set(to: FrameInstant(seconds: 99))
        #expect(animation.update() == at)
        clock.set(to: FrameInstant(seconds: .nan))
        #expect(animation.update() == at)
        #expect(animation.position.isFinite && animation.velocity.isFinite)
    }

    @Test func longSuspensionLandsExactlyAtTheTarget() throws {
        let clock = ManualFrameClock()
        let log = CompletionLog()
        let animation = try InterruptibleAnimation(from: 0, to: 1, timing: DampedSpring.bouncy, clock: clock)
        log.attach(to: animation)
        try animation.start()
        clock.advance(by: 1 / 60)
        animation.update()
        clock.advance(by: 3600)  // app suspended for an hour
        animation.update()
        #expect(animation.position == 1 && animation.velocity == 0)
        #expect(log.calls.count == 1)
    }

    @Test func rejectsNonFiniteInputs() throws {
        let clock = ManualFrameClock()
        #expect(throws: TransitionsError.self) {
            try InterruptibleAnimation(from: .nan, to: 1, timing: DampedSpring.smooth, clock: clock)
        }
        let animation = try InterruptibleAnimation(from: 0, to: 1, timing: DampedSpring.smooth, clock: clock)
        #expect(throws: TransitionsError.self) { try animation.start(initialVelocity: .infinity) }
        try animation.start()
        #expect(throws: TransitionsError.self) { try animation.retarget(to: .infinity) }
        #expect(throws: TransitionsError.self) { try animation.continueAnimation(initialVelocity: .nan) }
        #expect(throws: TransitionsError.self) { try CurveTiming(LinearCurve(), duration: -1) }
        clock.advance(by: 0.1)
        #expect(animation.update().isFinite)
    }

    @Test func handoffCarriesVelocityAndFinishesThePredecessorAtCurrent() throws {
        let clock = ManualFrameClock()
        let log = CompletionLog()
        let dismiss = try InterruptibleAnimation(from: 1, to: 0, timing: DampedSpring.smooth, clock: clock)
        log.attach(to: dismiss)
        try dismiss.start()
        clock.advance(by: 0.1)
        dismiss.update()
        clock.advance(by: 0.004)  // between frames
        let reference = SpringSolution(spring: .smooth, displacement: 1, velocity: 0).state(at: 0.104)
        let present = try InterruptibleAnimation(takingOverFrom: dismiss, to: 1, timing: DampedSpring.bouncy)
        #expect(log.calls.count == 1 && log.calls.first?.0 == .current)
        #expect(abs(present.position - reference.displacement) < 1e-12)
        #expect(abs(present.velocity - reference.velocity) < 1e-12)
        #expect(present.phase == .running)
    }
}
