import Foundation
import Testing
import PropertyBased
@testable import Transitions

/// Independent reference: classical RK4 on m·x'' = −k·x − c·x'.
private func rungeKutta(_ spring: DampedSpring, x0: Double, v0: Double, until end: Double, step: Double)
    -> (Double, Double)
{
    func acceleration(_ x: Double, _ v: Double) -> Double { (-spring.stiffness * x - spring.damping * v) / spring.mass }
    var x = x0, v = v0, t = 0.0
    while t < end - 1e-15 {
        let h = min(step, end - t)
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + 0.5 * h * k1v, k2v = acceleration(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
        let k3x = v + 0.5 * h * k2v, k3v = acceleration(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
        let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t += h
    }
    return (x, v)
}

@Suite struct SpringSolutionTests {
    @Test func closedFormMatchesRungeKutta() async {
        await propertyCheck(count: 60, input: Gen.double(in: 1...20), Gen.double(in: 0.05...2.5),
                            Gen.double(in: -2...2), Gen.double(in: -20...20), Gen.double(in: 0.01...1.5)) {
            omega, ratio, x0, v0, time in
            let spring = try #require(try? DampedSpring(mass: 1.3, stiffness: omega * omega * 1.3, damping: 2 * ratio * omega * 1.3))
            let fastest = omega * (ratio + max(ratio * ratio - 1, 0).squareRoot())
            let (x, v) = rungeKutta(spring, x0: x0, v0: v0, until: time, step: 0.01 / max(fastest, omega))
            let state = SpringSolution(spring: spring, displacement: x0, velocity: v0).state(at: time)
            #expect(abs(state.displacement - x) < 1e-6)
            #expect(abs(state.velocity - v) < 1e-6 * max(1, omega))
        }
    }

    @Test func criticalAndNearCriticalAgree() throws {
        // The three regimes must join continuously at ζ = 1.
        let critical = try DampedSpring(mass: 1, stiffness: 100, damping: 20)
        let under = try DampedSpring(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-9))
        let over = try DampedSpring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-9))
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            let reference = SpringSolution(spring: critical, displacement: -1, velocity: 3).state(at: t)
            for spring in [under, over] {
                let state = SpringSolution(spring: spring, displacement: -1, velocity: 3).state(at: t)
                #expect(abs(state.displacement - reference.displacement) < 1e-7)
                #expect(abs(state.velocity - reference.velocity) < 1e-6)
            }
        }
    }

    @Test func heavilyOverDampedStaysFiniteForLongTimes() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 1, damping: 2000)  // ζ = 1000
        let solution = SpringSolution(spring: spring, displacement: 1, velocity: 0)
        for t in [0.001, 1.0, 100, 1e4, 1e6, .infinity] {
            let state = solution.state(at: t)
            #expect(state.displacement.isFinite && state.velocity.isFinite)
        }
        // The slow mode decays at rate ω0/(ζ + sqrt(ζ² − 1)) ≈ 1/2000: after 2000 s, about e^(−1).
        #expect(abs(solution.displacement(at: 2000) - exp(-2000 * (1 / (1000 + (1000.0 * 1000 - 1).squareRoot())))) < 1e-6)
    }

    @Test func initialStateAndNegativeTimes() throws {
        let solution = SpringSolution(spring: .bouncy, displacement: -0.7, velocity: 2.5)
        for t in [0.0, -1, -.infinity, .nan] {
            let state = solution.state(at: t)
            #expect(state.displacement == -0.7 && state.velocity == 2.5)
        }
        #expect(solution.state(at: .infinity).displacement == 0 && solution.state(at: .infinity).velocity == 0)
    }

    // Facts §1.3: the envelope definition reproduces Core Animation's 2.85 s for k = 100, c = 5 (ε = 0.001).
    @Test func underDampedSettlingUsesEnvelope() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 5)
        #expect(abs(spring.settlingDuration() - 2.855) < 0.002)
        let zeta = 0.25, omega = 10.0, damped = omega * (1 - zeta * zeta).squareRoot()
        let expected = log((1 + zeta * omega / damped) / 0.001) / (zeta * omega)
        #expect(abs(spring.settlingDuration() - expected) < 1e-12)
    }

    @Test func settlingIsLastExcursionBeyondEpsilon() async {
        await propertyCheck(count: 80, input: Gen.double(in: 0.05...3), Gen.double(in: 2...30), Gen.double(in: -10...10)) {
            ratio, omega, velocity in
            let spring = try #require(try? DampedSpring(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega))
            let epsilon = 0.001
            let settling = spring.settlingDuration(initialVelocity: velocity, epsilon: epsilon)
            let solution = SpringSolution(spring: spring, displacement: -1, velocity: velocity)
            // Never outside the tolerance after the settling time…
            for index in 1...400 {
                let t = settling * (1 + Double(index) / 100)
                #expect(abs(solution.displacement(at: t)) <= epsilon * (1 + 1e-9))
            }
            // …and for ζ ≥ 1 it is exactly the last crossing.
            if ratio >= 1, settling > 0 {
                #expect(abs(abs(solution.displacement(at: settling)) - epsilon) < 1e-9)
            }
        }
    }

    @Test func settlingDurationConstructorIsExact() throws {
        for ratio in [0.3, 0.75, 1, 1.8] {
            let spring = try DampedSpring(dampingRatio: ratio, settlingDuration: 0.8)
            #expect(abs(spring.settlingDuration() - 0.8) < 1e-9)
            #expect(abs(spring.dampingRatio - ratio) < 1e-12)
        }
    }
}
