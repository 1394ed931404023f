import Transitions

/// Issue 7 goal: evaluating a spring or a curve costs ≤ 50 ns per sample, with no allocation per
/// frame (the per-frame paths are allocation-free by construction: value types, no closures,
/// no arrays; this job times them).
struct TransitionsBenchmark: MicroBenchmarkJob {
    static let name = "transitions"

    static func run(quick: Bool) throws -> [MicroResult] {
        let samples = quick ? 20_000 : 200_000
        let iterations = quick ? 5 : 21
        let goal = "≤ 50 ns"
        func result(_ name: String, _ stats: TimingStats) -> MicroResult {
            MicroResult(job: Self.name, name: name, stats: stats, unit: "ns/sample", goal: goal, goalMet: stats.median <= 50)
        }
        let times = (0..<1024).map { Double($0) * (1.0 / 1024) }
        var results: [MicroResult] = []

        for (label, spring) in [("under-damped", DampedSpring.bouncy), ("critical", DampedSpring.smooth),
                                ("over-damped", try DampedSpring(dampingRatio: 1.8, response: 0.5))] {
            let solution = SpringSolution(spring: spring, displacement: -1, velocity: 3)
            let stats = measure(iterations: iterations, warmup: 2, operationsPerCall: samples) {
                var sum = 0.0
                for index in 0..<samples {
                    let state = solution.state(at: times[index & 1023])
                    sum += state.displacement + state.velocity
                }
                blackHole(sum)
            }
            results.append(result("spring position+velocity (\(label))", stats))
        }

        let curve = CubicBezierCurve.easeInOut
        let curveStats = measure(iterations: iterations, warmup: 2, operationsPerCall: samples) {
            var sum = 0.0
            for index in 0..<samples { sum += curve.value(at: times[index & 1023]) }
            blackHole(sum)
        }
        results.append(result("cubic Bézier value (ease-in-out)", curveStats))

        // An interrupted curve motion: value + slope solves and the velocity-matching term.
        let motion = TransitionMotion(curve: curve, duration: 1, from: 0, velocity: 2.5, to: 1)
        let motionStats = measure(iterations: iterations, warmup: 2, operationsPerCall: samples) {
            var sum = 0.0
            for index in 0..<samples {
                let state = motion.state(at: times[index & 1023])
                sum += state.position + state.velocity
            }
            blackHole(sum)
        }
        results.append(result("curve motion position+velocity (ease-in-out)", motionStats))

        // A whole animation frame: clock read, motion sample, bookkeeping.
        let clock = ManualFrameClock()
        let frames = quick ? 2_000 : 20_000
        let frameStats = try measure(iterations: iterations, warmup: 1, operationsPerCall: frames) {
            let animation = try InterruptibleAnimation(from: 0, to: 1_000_000, timing: DampedSpring(dampingRatio: 0.9, response: 1000),
                                                       clock: clock)
            try animation.start()
            var sum = 0.0
            for _ in 0..<frames {
                clock.advance(by: 1 / 120)
                sum += animation.update()
            }
            blackHole(sum)
        }
        // No goal of its own: it includes the test clock's two locked accesses (advance + read).
        results.append(MicroResult(job: Self.name, name: "InterruptibleAnimation frame (clock.advance + update)",
                                   stats: frameStats, unit: "ns/frame", goal: nil, goalMet: nil,
                                   notes: ["includes ManualFrameClock.advance and the clock read (two lock acquisitions)"]))
        return results
    }
}
