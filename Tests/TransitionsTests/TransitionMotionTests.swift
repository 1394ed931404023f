import Testing
import PropertyBased
@testable import Transitions

@Suite struct TransitionMotionTests {
    /// The curve motion's reported velocity is the derivative of its position — checked in integral
    /// form, Δposition = ∫ velocity dt over a short interval (Simpson's rule), which unlike a
    /// finite difference is not swamped by the curve solver's 1e-7 tolerance on x — and it starts
    /// exactly at the requested state and ends exactly at the target.
    @Test func curveMotionVelocityIsTheDerivativeOfPosition() async {
        await propertyCheck(count: 150, input: Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.double(in: 0...1),
                            Gen.double(in: -1...2), Gen.double(in: -50...50), Gen.double(in: 0.05...0.95)) {
            x1, y1, x2, y2, velocity, fraction in
            let curve = try #require(try? CubicBezierCurve(x1: max(x1, 0.05), y1: y1, x2: min(x2, 0.95), y2: y2))
            let motion = TransitionMotion(curve: curve, duration: 0.4, from: 10, velocity: velocity, to: 30)
            let start = motion.state(at: 0)
            #expect(start.position == 10 && abs(start.velocity - velocity) < 1e-9)
            #expect(motion.state(at: 0.4) == (30, 0))
            let tau = 0.4 * fraction * 0.95, delta = 0.004, steps = 64
            var integral = 0.0
            for step in 0...steps {
                let weight: Double = step == 0 || step == steps ? 1 : (step % 2 == 1 ? 4 : 2)
                integral += weight * motion.state(at: tau + delta * Double(step) / Double(steps)).velocity
            }
            integral *= delta / Double(3 * steps)
            let moved = motion.state(at: tau + delta).position - motion.state(at: tau).position
            // A wrong velocity term (e.g. the fade's derivative) is off by ~correction × delta ≈ 0.1 here.
            #expect(abs(moved - integral) < 1e-3 * max(1, abs(moved)), "moved \(moved), ∫v \(integral)")
        }
    }

    @Test func fromRestFollowsThePlainCurve() {
        let motion = TransitionMotion(curve: CubicBezierCurve.ease, duration: 2, from: 1, velocity: nil, to: 3)
        for step in 0...20 {
            let x = Double(step) / 20
            #expect(abs(motion.state(at: 2 * x).position - (1 + 2 * CubicBezierCurve.ease.value(at: x))) < 1e-12)
        }
    }

    // Convention: velocity is d(value)/dt, so a positive velocity toward a target above moves toward it.
    @Test func velocitySignConvention() throws {
        let motion = TransitionMotion(spring: .smooth, from: 0, velocity: 4, to: 1, restTolerance: 0.001)
        let early = motion.state(at: 1e-4)
        #expect(abs(early.position - 4e-4) < 1e-5)
        #expect(abs(early.velocity - 4) < 0.05)
        #expect(motion.state(at: motion.duration) == (1, 0))
        let away = SpringSolution(spring: .smooth, displacement: -1, velocity: -4)
        #expect(away.displacement(at: 1e-3) < -1)
    }
}
