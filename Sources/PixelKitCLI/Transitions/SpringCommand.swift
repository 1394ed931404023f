import ArgumentParser
import Transitions

/// `pixelkit spring`: a designer's spring playground. Prints the spring in every parametrization,
/// then position and velocity samples of the unit move from 0 to 1.
struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Describe a spring and sample its motion from 0 to 1.",
        discussion: """
            Prints {"mass","stiffness","damping","dampingRatio","response","duration","bounce","settlingDuration"} \
            (seconds; settling within 0.001 of the unit move), then one {"t","position","velocity"} line per \
            --sample-at time (seconds; velocity in units per second).
            """)

    @OptionGroup var spring: SpringOptions

    @Option(name: .customLong("sample-at"), parsing: .remaining,
            help: "Times in seconds at which to sample (last: takes every remaining word).")
    var sampleAt: [Double] = []

    func run() throws {
        let spring: DampedSpring
        switch self.spring.makeSpring() {
        case .success(let value): spring = value
        case .failure(let problem): throw TransitionsCLIError.fail(problem.message)
        }
        if let bad = sampleAt.first(where: { !$0.isFinite }) {
            throw TransitionsCLIError.fail("--sample-at times must be finite numbers, got \(bad)")
        }
        let velocity = self.spring.velocity
        guard spring.settlingDuration(initialVelocity: velocity).isFinite else {
            throw TransitionsCLIError.fail("--velocity \(velocity) is too large: the motion's settling time is not finite")
        }
        StandardStreams.printLine(SpringCommand.describe(spring, velocity: velocity))
        let solution = SpringSolution(spring: spring, displacement: -1, velocity: velocity)
        for time in sampleAt {
            let state = solution.state(at: time)
            guard state.displacement.isFinite, state.velocity.isFinite else {
                throw TransitionsCLIError.fail("the motion at --sample-at \(time) is not a finite number")
            }
            StandardStreams.printLine(.object([
                ("t", .double(time)), ("position", .double(1 + state.displacement)), ("velocity", .double(state.velocity)),
            ]))
        }
    }

    /// The first line of `pixelkit spring`, also used by `pixelkit plot spring`.
    static func describe(_ spring: DampedSpring, velocity: Double) -> JSONValue {
        .object([
            ("mass", .double(spring.mass)), ("stiffness", .double(spring.stiffness)), ("damping", .double(spring.damping)),
            ("dampingRatio", .double(spring.dampingRatio)), ("response", .double(spring.response)),
            ("duration", .double(spring.duration)), ("bounce", .double(spring.bounce)),
            ("settlingDuration", .double(spring.settlingDuration(initialVelocity: velocity))),
        ])
    }
}
