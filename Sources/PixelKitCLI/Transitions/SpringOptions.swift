import ArgumentParser
import Transitions

/// The three ways to name a spring on the command line, plus the initial velocity, shared by
/// `pixelkit spring` and `pixelkit plot spring`.
struct SpringOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Stiffness k (force per unit of displacement); use with --damping.")
    var stiffness: Double?

    @Option(parsing: .unconditional, help: "Damping coefficient c (force per unit of velocity, not the ratio); use with --stiffness.")
    var damping: Double?

    @Option(parsing: .unconditional, help: "Mass (default 1); only with --stiffness/--damping.")
    var mass: Double?

    @Option(parsing: .unconditional, help: "Response: period of the undamped oscillation, seconds; use with --damping-ratio.")
    var response: Double?

    @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio ζ (1 = critical); use with --response.")
    var dampingRatio: Double?

    @Option(parsing: .unconditional, help: "SwiftUI perceptual duration, seconds; use with --bounce.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "SwiftUI bounce in (-1, 1); use with --duration.")
    var bounce: Double?

    @Option(parsing: .unconditional, help: "Initial velocity, units per second toward the target, for the unit move 0 → 1.")
    var velocity: Double = 0

    /// The spring the flags describe, or a message saying what is wrong with them.
    func makeSpring() -> Result<DampedSpring, TransitionsCLIError> {
        let physical = stiffness != nil || damping != nil || mass != nil
        let wwdc = response != nil || dampingRatio != nil
        let swiftUI = duration != nil || bounce != nil
        guard [physical, wwdc, swiftUI].filter({ $0 }).count == 1 else {
            return .failure(TransitionsCLIError(
                "give exactly one of: --stiffness K --damping C [--mass M] | --response R --damping-ratio Z | --duration D --bounce B"))
        }
        guard velocity.isFinite else { return .failure(TransitionsCLIError("--velocity must be a finite number")) }
        do {
            if physical {
                guard let stiffness, let damping else {
                    return .failure(TransitionsCLIError("--stiffness and --damping go together"))
                }
                return .success(try DampedSpring(mass: mass ?? 1, stiffness: stiffness, damping: damping))
            }
            if wwdc {
                guard let response, let dampingRatio else {
                    return .failure(TransitionsCLIError("--response and --damping-ratio go together"))
                }
                return .success(try DampedSpring(dampingRatio: dampingRatio, response: response))
            }
            guard let duration, let bounce else {
                return .failure(TransitionsCLIError("--duration and --bounce go together"))
            }
            return .success(try DampedSpring(duration: duration, bounce: bounce))
        } catch {
            return .failure(TransitionsCLIError(error.description))
        }
    }
}
