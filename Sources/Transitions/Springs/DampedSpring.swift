/// A damped harmonic spring as a value: mass, stiffness and damping coefficient, with every
/// parametrization designers use (SwiftUI's duration + bounce, UIKit's damping ratio + response,
/// a settling duration) converting exactly into one another.
///
/// Units: mass in arbitrary mass units (only ratios matter), stiffness in force per unit of
/// displacement, damping in force per unit of velocity, times in seconds, angular frequencies in
/// radians per second. The spring always pulls a value toward a target; see ``SpringSolution``
/// for the motion it produces.
///
/// The spring must have positive damping: an undamped spring (SwiftUI `bounce: 1`) never comes to
/// rest, so it has no settling duration and an animation driven by it would never complete.
public struct DampedSpring: Sendable, Hashable {
    /// Mass (> 0).
    public let mass: Double
    /// Stiffness `k` (> 0), force per unit of displacement.
    public let stiffness: Double
    /// Damping coefficient `c` (> 0), force per unit of velocity.
    public let damping: Double

    /// A spring from its physical parameters.
    /// - Parameters:
    ///   - mass: mass, > 0 (default 1, as in `CASpringAnimation` and SwiftUI).
    ///   - stiffness: `k`, > 0.
    ///   - damping: damping coefficient `c`, > 0 (not the damping *ratio*).
    /// - Throws: ``TransitionsError`` when a parameter is not finite or not positive, or when the
    ///   combination overflows (for example `k/m` beyond `Double` range, or a damping ratio so large
    ///   that the settling time is not a finite number).
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(TransitionsError) {
        self.mass = try Validate.positive(mass, "mass")
        self.stiffness = try Validate.positive(stiffness, "stiffness")
        self.damping = try Validate.positive(damping, "damping")
        let omega = (stiffness / mass).squareRoot()
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        guard omega.isFinite, omega > 0, ratio.isFinite, ratio > 0 else {
            throw .outOfRange(parameter: "stiffness/mass", value: stiffness / mass,
                              allowed: "a ratio whose square root is finite and positive")
        }
        // An extreme damping ratio (ζ² overflows) makes the motion itself non-finite: its settling
        // time is where that shows, so the spring is refused here rather than printing NaN later.
        guard settlingDuration().isFinite, bounce.isFinite, response.isFinite else {
            throw .outOfRange(parameter: "dampingRatio", value: ratio,
                              allowed: "small enough that the motion stays finite")
        }
    }

    /// A spring from its damping ratio and response (WWDC18 "Designing Fluid Interfaces",
    /// UIKit/SwiftUI `spring(response:dampingFraction:)`).
    /// - Parameters:
    ///   - dampingRatio: `ζ` > 0; 1 is critically damped, < 1 bounces, > 1 is over-damped.
    ///   - response: period of the undamped oscillation in seconds, > 0: `k = (2π/response)²·m`.
    ///   - mass: mass, > 0 (default 1).
    public init(dampingRatio: Double, response: Double, mass: Double = 1) throws(TransitionsError) {
        let ratio = try Validate.positive(dampingRatio, "dampingRatio")
        let response = try Validate.positive(response, "response")
        let omega = 2 * Double.pi / response
        try self.init(mass: mass, stiffness: omega * omega * mass, damping: 2 * ratio * omega * mass)
    }

    /// A spring from SwiftUI's `Spring(duration:bounce:)` parameters (mass 1 unless given).
    /// - Parameters:
    ///   - duration: perceptual duration in seconds, > 0 (SwiftUI default 0.5); equals ``response``.
    ///   - bounce: in (−1, 1): 0 is critically damped (`ζ = 1`), positive bounces (`ζ = 1 − bounce`),
    ///     negative is over-damped (`ζ = 1/(1 + bounce)`). 1 (undamped) and −1 are rejected.
    ///   - mass: mass, > 0 (default 1).
    public init(duration: Double = 0.5, bounce: Double = 0, mass: Double = 1) throws(TransitionsError) {
        let bounce = try Validate.finite(bounce, "bounce")
        guard bounce > -1, bounce < 1 else {
            throw .outOfRange(parameter: "bounce", value: bounce, allowed: "greater than -1 and less than 1")
        }
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(dampingRatio: ratio, response: try Validate.positive(duration, "duration"), mass: mass)
    }

    /// A spring with the given damping ratio that settles in exactly `settlingDuration` seconds for a
    /// unit move from rest (the `UISpringTimingParameters(dampingRatio:)` + animator-duration idea,
    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`).
    ///
    /// With zero initial velocity the motion depends only on `ω0·t`, so the settling duration is
    /// `τ(ζ, ε)/ω0`; `ω0` is found exactly from one settling computation at `ω0 = 1` (no Newton
    /// iteration, so ``settlingDuration(initialVelocity:epsilon:)`` gives `settlingDuration` back).
    /// - Parameters:
    ///   - dampingRatio: `ζ` > 0.
    ///   - settlingDuration: seconds, > 0.
    ///   - epsilon: the settling tolerance as a fraction of the unit displacement, in (0, 1); default 0.001.
    ///   - mass: mass, > 0 (default 1).
    public init(dampingRatio: Double, settlingDuration: Double, epsilon: Double = 0.001, mass: Double = 1)
        throws(TransitionsError)
    {
        let ratio = try Validate.positive(dampingRatio, "dampingRatio")
        let duration = try Validate.positive(settlingDuration, "settlingDuration")
        let epsilon = try Validate.positive(epsilon, "epsilon")
        guard epsilon < 1 else { throw .outOfRange(parameter: "epsilon", value: epsilon, allowed: "less than 1") }
        let unitSpring = try DampedSpring(mass: 1, stiffness: 1, damping: 2 * ratio)
        let unitTime = SpringSolution(spring: unitSpring, displacement: -1, velocity: 0).settlingDuration(epsilon: epsilon)
        let omega = unitTime / duration
        try self.init(mass: mass, stiffness: omega * omega * mass, damping: 2 * ratio * omega * mass)
    }

    /// Undamped angular frequency `ω0 = sqrt(k/m)`, radians per second.
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio `ζ = c / (2·sqrt(k·m))`: < 1 under-damped (bounces), 1 critical, > 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Response: period of the undamped oscillation, `2π·sqrt(m/k)`, seconds.
    public var response: Double { 2 * Double.pi / angularFrequency }

    /// SwiftUI's perceptual duration, seconds. SwiftUI defines it as `2π/ω0`, so it equals ``response``.
    public var duration: Double { response }

    /// SwiftUI's bounce: `1 − ζ` when `ζ ≤ 1`, `1/ζ − 1` when over-damped; in (−1, 1).
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// Settling duration in seconds of a unit move (from 0 to target 1) that starts with
    /// `initialVelocity` units per second (positive toward the target).
    ///
    /// Definition (see ``SpringSolution/settlingDuration(epsilon:)``): for an under-damped spring,
    /// the time after which the exponential envelope of the oscillation stays below `epsilon`
    /// (Core Animation / ScrollMechanics convention, conservative by at most one half period); for a
    /// critically or over-damped spring, the last time the distance to the target exceeds `epsilon`.
    /// - Parameters:
    ///   - initialVelocity: units per second (one unit = the whole move); non-finite values count as 0.
    ///   - epsilon: tolerance as a fraction of the move; default 0.001 (SwiftUI's default). Values that
    ///     are not positive and finite are replaced by 0.001.
    public func settlingDuration(initialVelocity: Double = 0, epsilon: Double = 0.001) -> Double {
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        let tolerance = epsilon.isFinite && epsilon > 0 ? epsilon : 0.001
        return SpringSolution(spring: self, displacement: -1, velocity: velocity).settlingDuration(epsilon: tolerance)
    }
}

extension DampedSpring {
    /// SwiftUI `.smooth`: duration 0.5 s, bounce 0 (critically damped).
    public static let smooth = DampedSpring(uncheckedDuration: 0.5, bounce: 0)
    /// SwiftUI `.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = DampedSpring(uncheckedDuration: 0.5, bounce: 0.15)
    /// SwiftUI `.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = DampedSpring(uncheckedDuration: 0.5, bounce: 0.3)
    /// SwiftUI `Animation.spring()` default: response 0.5 s, damping ratio 0.825.
    public static let swiftUIDefault = DampedSpring(uncheckedRatio: 0.825, response: 0.5)
    /// SwiftUI `interactiveSpring()` default: response 0.15 s, damping ratio 0.86.
    public static let interactive = DampedSpring(uncheckedRatio: 0.86, response: 0.15)
    /// `CASpringAnimation` defaults: mass 1, stiffness 100, damping 10.
    public static let coreAnimationDefault = DampedSpring(uncheckedMass: 1, stiffness: 100, damping: 10)

    /// Presets only: the constants above are known to be valid, so no validation is needed.
    private init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    private init(uncheckedRatio ratio: Double, response: Double) {
        let omega = 2 * Double.pi / response
        self.init(uncheckedMass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
    }

    private init(uncheckedDuration duration: Double, bounce: Double) {
        self.init(uncheckedRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce), response: duration)
    }
}
