import PixelKitPlatform

/// The closed-form motion of a ``DampedSpring`` released from a given displacement and velocity.
///
/// Convention (defined once, used everywhere in this module): `displacement` is
/// `value − target`, and `velocity` is `d(value)/dt` in value units per second — so a value moving
/// toward a target above it has a negative displacement and a positive velocity.
///
/// All three regimes use forms that neither overflow nor cancel catastrophically:
/// `x(t) = x0·C(t) + (v0 + ζω0·x0)·S(t)` and `v(t) = v0·C(t) − (ω0²·x0 + ζω0·v0)·S(t)` with
/// - under-damped: `C = e^(−ζω0 t)·cos(ωd t)`, `S = e^(−ζω0 t)·sin(ωd t)/ωd`;
/// - critical: `C = e^(−ω0 t)`, `S = t·e^(−ω0 t)`;
/// - over-damped: `C = e^(−ζω0 t)·cosh(ω* t)`, `S = e^(−ζω0 t)·sinh(ω* t)/ω*` while `ω* t < 0.5`
///   (where the exponential form would cancel), then `C = ½(e^(γ+ t) + e^(γ− t))`,
///   `S = (e^(γ+ t) − e^(γ− t))/(2ω*)` with the cancellation-free `γ+ = −ω0²/(ζω0 + ω*)` —
///   both exponents are negative, so nothing overflows however large `t` is.
///
/// Evaluation costs at most two `exp` or one `exp` and a `sin`/`cos` pair, allocates nothing, and depends only on
/// `t`, never on how the caller stepped there — the basis of frame-rate independence.
public struct SpringSolution: Sendable, Hashable {
    enum Regime: Sendable, Hashable { case underdamped, critical, overdamped }

    /// Initial displacement `value − target`.
    public let initialDisplacement: Double
    /// Initial velocity, value units per second.
    public let initialVelocity: Double
    let regime: Regime
    /// `ζ·ω0`, the envelope's decay rate (1/s).
    let decay: Double
    /// `ω0²`.
    let omegaSquared: Double
    /// `ωd` (under-damped) or `ω*` (over-damped), rad/s; 0 when critical.
    let frequency: Double
    /// Slowest decay rate `−γ+` (over-damped) or `ω0` (critical) or `ζω0` (under-damped), 1/s.
    let slowRate: Double

    /// The motion of `spring` released at `displacement` (value − target) with `velocity`
    /// (value units per second). Non-finite inputs are treated as 0 so the solution never produces
    /// NaN; callers that must reject such inputs validate first.
    public init(spring: DampedSpring, displacement: Double, velocity: Double) {
        initialDisplacement = displacement.isFinite ? displacement : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        let omega = spring.angularFrequency
        let ratio = spring.dampingRatio
        omegaSquared = omega * omega
        decay = ratio * omega
        if ratio == 1 {
            regime = .critical
            frequency = 0
            slowRate = omega
        } else if ratio < 1 {
            regime = .underdamped
            frequency = omega * ((1 - ratio) * (1 + ratio)).squareRoot()
            slowRate = decay
        } else {
            regime = .overdamped
            frequency = omega * ((ratio - 1) * (ratio + 1)).squareRoot()
            slowRate = omegaSquared / (decay + frequency)
        }
    }

    /// Displacement (`value − target`) and velocity (units/s) at `time` seconds after release.
    /// Times ≤ 0 (and NaN) give the initial state; `+∞` gives rest (0, 0).
    public func state(at time: Double) -> (displacement: Double, velocity: Double) {
        guard time > 0 else { return (initialDisplacement, initialVelocity) }
        let (c, s) = basis(at: time)
        let x0 = initialDisplacement, v0 = initialVelocity
        return (x0 * c + (v0 + decay * x0) * s, v0 * c - (omegaSquared * x0 + decay * v0) * s)
    }

    /// Displacement only (`value − target`) at `time` seconds; see ``state(at:)``.
    public func displacement(at time: Double) -> Double { state(at: time).displacement }

    /// Velocity only (units/s) at `time` seconds; see ``state(at:)``.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// The basis functions `(C, S)` described on the type.
    func basis(at time: Double) -> (Double, Double) {
        guard time > 0 else { return (1, 0) }
        guard time.isFinite else { return (0, 0) }
        switch regime {
        case .underdamped:
            let envelope = exp(-decay * time)
            let phase = frequency * time
            return (envelope * cos(phase), envelope * sin(phase) / frequency)
        case .critical:
            let envelope = exp(-decay * time)
            return (envelope, envelope * time)
        case .overdamped:
            let phase = frequency * time
            if phase < 0.5 {
                // Small ω*·t: the two exponentials nearly cancel in S, so use sinh/cosh directly.
                let envelope = exp(-decay * time)
                return (envelope * cosh(phase), envelope * sinh(phase) / frequency)
            }
            let slow = 0.5 * exp(-slowRate * time)
            let fast = 0.5 * exp(-(decay + frequency) * time)
            return (slow + fast, (slow - fast) / frequency)
        }
    }

    /// Seconds until the motion has settled within `epsilon` (value units) of the target.
    ///
    /// - Under-damped: the time after which the envelope `e^(−ζω0 t)·(|x0| + |v0 + ζω0·x0|/ωd)`
    ///   stays below `epsilon` — the Core Animation / ScrollMechanics definition (it reproduces
    ///   e.g. 2.85 s for `k = 100, c = 5`). The true last excursion is at most a half period earlier.
    /// - Critically and over-damped: the last time `|x(t)|` exceeds `epsilon` (these motions cross
    ///   the target at most once and have at most one extremum), found by bounding the motion with
    ///   `e^(γ+ t)·(|x0| + |v0 + ζω0·x0|·t)`, scanning and bisecting to ~1e-12 relative.
    ///
    /// Returns 0 when the motion starts (and stays) within `epsilon`. A non-positive or non-finite
    /// `epsilon` is replaced by 0.001.
    public func settlingDuration(epsilon: Double) -> Double {
        let epsilon = epsilon.isFinite && epsilon > 0 ? epsilon : 0.001
        let x0 = initialDisplacement
        let b = initialVelocity + decay * x0
        if regime == .underdamped {
            let amplitude = abs(x0) + abs(b) / frequency
            guard amplitude > epsilon else { return 0 }
            return log(amplitude / epsilon) / decay
        }
        let a = abs(x0), slope = abs(b)
        guard a > 0 || slope > 0 else { return 0 }
        // Bound B(t) = e^(−r t)(a + slope·t) rises until tPeak, then falls.
        let r = slowRate
        func bound(_ t: Double) -> Double { exp(-r * t) * (a + slope * t) }
        let tPeak = slope > 0 ? max(0, 1 / r - a / slope) : 0
        var low = tPeak, high = tPeak + 1 / r
        while bound(high) > epsilon, high < 1e12 { low = high; high *= 2 }
        if bound(tPeak) <= epsilon { high = tPeak } else {
            for _ in 0..<80 {
                let mid = 0.5 * (low + high)
                if bound(mid) > epsilon { low = mid } else { high = mid }
            }
        }
        // Scan [0, high] backward for the last sample outside the tolerance, then bisect.
        let steps = 1024
        let step = high / Double(steps)
        var index = steps
        while index > 0, abs(displacement(at: Double(index) * step)) <= epsilon { index -= 1 }
        if index == steps { return high }
        if index == 0, abs(x0) <= epsilon { return 0 }
        var inside = Double(index + 1) * step, outside = Double(index) * step
        for _ in 0..<80 {
            let mid = 0.5 * (inside + outside)
            if abs(displacement(at: mid)) > epsilon { outside = mid } else { inside = mid }
        }
        return inside
    }
}
