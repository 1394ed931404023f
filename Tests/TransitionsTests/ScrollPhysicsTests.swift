import Foundation
import Testing
import PropertyBased
@testable import Transitions

@Suite struct ScrollPhysicsTests {
    @Test func rubberBandIdentities() {
        let dimension = 800.0
        // f'(0) = c: content follows the finger at 55 % at the edge.
        let tiny = 1e-6
        #expect(abs(RubberBand.offset(overshoot: tiny, dimension: dimension) / tiny - 0.55) < 1e-6)
        // The two published forms agree: (1 − 1/(x·c/d + 1))·d.
        for x in [1.0, 10, 100, 1000, 1e6] {
            let closed = (1 - 1 / (x * 0.55 / dimension + 1)) * dimension
            #expect(abs(RubberBand.offset(overshoot: x, dimension: dimension) - closed) < 1e-9 * closed)
            #expect(RubberBand.offset(overshoot: x, dimension: dimension) < min(x * 0.55, dimension))
            #expect(RubberBand.offset(overshoot: -x, dimension: dimension) == -RubberBand.offset(overshoot: x, dimension: dimension))
        }
        #expect(RubberBand.offset(overshoot: .infinity, dimension: dimension) == dimension)
        #expect(RubberBand.offset(overshoot: .nan, dimension: dimension) == 0)
        #expect(RubberBand.clamp(50, limits: 0...100, dimension: dimension) == 50)
        #expect(RubberBand.clamp(-40, limits: 0...100, dimension: dimension)
            == RubberBand.offset(overshoot: -40, dimension: dimension))
        #expect(RubberBand.clamp(140, limits: 0...100, dimension: dimension)
            == 100 + RubberBand.offset(overshoot: 40, dimension: dimension))
    }

    @Test func decelerationIdentities() async {
        await propertyCheck(count: 100, input: Gen.double(in: -8000...8000), Gen.double(in: -500...500),
                            Gen.double(in: 0.9...0.9995)) { velocity, start, rate in
            let deceleration = try #require(try? ScrollDeceleration(rate: rate))
            let D = 1000 * log(rate)
            // Velocity keeps `rate` of itself every millisecond.
            #expect(abs(deceleration.velocity(at: 0.001, initialVelocity: velocity) - velocity * rate) < 1e-9 * max(1, abs(velocity)))
            // The position is the integral of the velocity (numerical check, Simpson's rule).
            let t = 0.37, n = 200
            var integral = 0.0
            for i in 0...n {
                let weight: Double = i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2)
                integral += weight * deceleration.velocity(at: t * Double(i) / Double(n), initialVelocity: velocity)
            }
            integral *= t / Double(n) / 3
            #expect(abs(deceleration.position(at: t, from: start, initialVelocity: velocity) - (start + integral)) < 1e-6 * max(1, abs(velocity)))
            // Rest position is the limit, and −v/D.
            let rest = deceleration.restPosition(from: start, initialVelocity: velocity)
            #expect(abs(rest - (start - velocity / D)) < 1e-9)
            #expect(abs(deceleration.position(at: 1e6, from: start, initialVelocity: velocity) - rest) < 1e-6)
            // Landing velocity round-trips.
            let landing = deceleration.velocity(toLandAt: rest, from: start)
            #expect(abs(landing - velocity) < 1e-9 * max(1, abs(velocity)))
            // Time to travel half the way, then the position is half the way.
            if let half = deceleration.timeToTravel((rest - start) / 2, initialVelocity: velocity), abs(velocity) > 1 {
                let reached = deceleration.position(at: half, from: start, initialVelocity: velocity)
                #expect(abs(reached - (start + rest) / 2) < 1e-6 * max(1, abs(rest - start)))
            }
            #expect(deceleration.timeToTravel((rest - start) * 1.01, initialVelocity: velocity) == nil || velocity == 0)
            // After `duration(threshold:)`, exactly `threshold` of travel remains.
            let threshold = 0.5
            let duration = deceleration.duration(initialVelocity: velocity, threshold: threshold)
            if duration > 0 {
                let remaining = abs(rest - deceleration.position(at: duration, from: start, initialVelocity: velocity))
                #expect(abs(remaining - threshold) < 1e-6)
            }
        }
    }

    // Facts §2: the exact projection factor −1/(1000·ln r) is ≈ 499.5 ms for 0.998 and 99.5 ms for 0.99,
    // against WWDC18's r/(1 − r) = 499 and 99.
    @Test func exactProjectionVersusWWDCApproximation() {
        #expect(abs(ScrollDeceleration.normal.restPosition(from: 0, initialVelocity: 1000) / 1000 - 0.4995) < 1e-4)
        #expect(abs(ScrollDeceleration.fast.restPosition(from: 0, initialVelocity: 1000) / 1000 - 0.0995) < 1e-4)
        #expect(ScrollDeceleration.normal.rate == 0.998 && ScrollDeceleration.fast.rate == 0.99)
        #expect(throws: TransitionsError.self) { try ScrollDeceleration(rate: 1) }
        #expect(throws: TransitionsError.self) { try ScrollDeceleration(rate: .nan) }
    }

    @Test func pageSnapChoosesProjectedPageAndCarriesVelocity() throws {
        let pager = try PageSnap(pageLength: 300, pageCount: 5)
        // At rest between pages: nearest page.
        #expect(pager.page(releasedAt: 140, velocity: 0) == 0)
        #expect(pager.page(releasedAt: 160, velocity: 0) == 1)
        // A flick of 1000 pt/s projects ≈ 499.5 pt further: from 140 to ≈ 640 ⇒ page 2.
        #expect(pager.page(releasedAt: 140, velocity: 1000) == 2)
        #expect(pager.page(releasedAt: 140, velocity: -1000) == 0)
        #expect(pager.page(releasedAt: 1100, velocity: 50_000) == 4)
        #expect(pager.page(releasedAt: .nan, velocity: .infinity) == 0)

        let clock = ManualFrameClock()
        let animation = try pager.animation(releasedAt: 140, velocity: 1000, clock: clock)
        #expect(animation.endValue == 600)
        #expect(animation.velocity == 1000)
        clock.advance(by: 1e-5)
        animation.update()
        #expect(abs(animation.position - (140 + 1000 * 1e-5)) < 1e-3)
        for _ in 0..<600 { clock.advance(by: 1 / 60); animation.update() }
        #expect(animation.phase == .finished(.end) && animation.position == 600)
        #expect(throws: TransitionsError.self) { try PageSnap(pageLength: 0, pageCount: 3) }
        #expect(throws: TransitionsError.self) { try PageSnap(pageLength: 10, pageCount: 0) }
    }
}
