import Testing
import PropertyBased
@testable import Transitions

@Suite struct SpringConversionTests {
    // Apple's `Spring` documentation (facts §1.2): Spring(duration: 0.5, bounce: 0.3) → (1.0, 157.9, 17.6).
    @Test func appleDurationBounceVector() throws {
        let spring = try DampedSpring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
    }

    // Apple's `Spring` documentation: Spring(mass: 1, stiffness: 100, damping: 10) → (duration, bounce) = (0.63, 0.5).
    @Test func appleMassStiffnessDampingVector() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 1e-12)
    }

    // WWDC18 convention: k = (2π/response)²·m, c = 4π·ζ·m/response.
    @Test func responseFormulaWithMass() throws {
        let spring = try DampedSpring(dampingRatio: 0.6, response: 0.4, mass: 2.5)
        #expect(abs(spring.stiffness - (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4) * 2.5) < 1e-9)
        #expect(abs(spring.damping - 4 * Double.pi * 0.6 * 2.5 / 0.4) < 1e-9)
        #expect(abs(spring.response - 2 * Double.pi * (2.5 / spring.stiffness).squareRoot()) < 1e-12)
    }

    @Test func overDampedBounceMapping() throws {
        // bounce < 0 ⇒ ζ = 1/(1 + bounce); bounce = −0.5 ⇒ ζ = 2.
        let spring = try DampedSpring(duration: 1, bounce: -0.5)
        #expect(abs(spring.dampingRatio - 2) < 1e-12)
        #expect(abs(spring.bounce + 0.5) < 1e-12)
    }

    @Test func presetsMatchSwiftUI() throws {
        #expect(abs(DampedSpring.bouncy.bounce - 0.3) < 1e-12)
        #expect(abs(DampedSpring.snappy.bounce - 0.15) < 1e-12)
        #expect(abs(DampedSpring.smooth.dampingRatio - 1) < 1e-12)
        #expect(abs(DampedSpring.smooth.duration - 0.5) < 1e-12)
        #expect(abs(DampedSpring.interactive.response - 0.15) < 1e-12)
        #expect(abs(DampedSpring.interactive.dampingRatio - 0.86) < 1e-12)
        #expect(DampedSpring.coreAnimationDefault == (try DampedSpring(mass: 1, stiffness: 100, damping: 10)))
    }

    @Test func roundTripsBetweenParametrizations() async {
        await propertyCheck(input: Gen.double(in: 0.05...4), Gen.double(in: 0.05...3), Gen.double(in: 0.2...5)) {
            ratio, response, mass in
            let spring = try #require(try? DampedSpring(dampingRatio: ratio, response: response, mass: mass))
            #expect(abs(spring.dampingRatio - ratio) < 1e-9 * ratio)
            #expect(abs(spring.response - response) < 1e-9 * response)
            let viaBounce = try #require(try? DampedSpring(duration: spring.duration, bounce: spring.bounce, mass: mass))
            #expect(abs(viaBounce.stiffness - spring.stiffness) < 1e-9 * spring.stiffness)
            #expect(abs(viaBounce.damping - spring.damping) < 1e-9 * spring.damping)
            let viaPhysics = try #require(try? DampedSpring(mass: mass, stiffness: spring.stiffness, damping: spring.damping))
            #expect(abs(viaPhysics.dampingRatio - ratio) < 1e-9 * ratio)
            let settling = spring.settlingDuration()
            let viaSettling = try #require(try? DampedSpring(dampingRatio: ratio, settlingDuration: settling, mass: mass))
            #expect(abs(viaSettling.stiffness - spring.stiffness) < 1e-6 * spring.stiffness)
            #expect(abs(viaSettling.settlingDuration() - settling) < 1e-6 * settling)
        }
    }

    @Test func rejectsInvalidParameters() {
        #expect(throws: TransitionsError.nonFinite(parameter: "stiffness", value: .infinity)) {
            try DampedSpring(stiffness: .infinity, damping: 1)
        }
        #expect(throws: TransitionsError.self) { try DampedSpring(stiffness: 100, damping: 0) }
        #expect(throws: TransitionsError.self) { try DampedSpring(stiffness: 100, damping: .nan) }
        #expect(throws: TransitionsError.self) { try DampedSpring(mass: -1, stiffness: 100, damping: 10) }
        #expect(throws: TransitionsError.self) { try DampedSpring(duration: 0.5, bounce: 1) }
        #expect(throws: TransitionsError.self) { try DampedSpring(duration: 0.5, bounce: -1) }
        #expect(throws: TransitionsError.self) { try DampedSpring(duration: 0, bounce: 0) }
        #expect(throws: TransitionsError.self) { try DampedSpring(dampingRatio: 1, settlingDuration: 1, epsilon: 2) }
        #expect(throws: TransitionsError.self) { try DampedSpring(mass: 1e-300, stiffness: 1e300, damping: 1) }
    }
}
