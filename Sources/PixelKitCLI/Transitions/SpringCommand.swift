import PixelKitCommandSupport
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
        try StandardStreams.printLine(SpringDescription(spring, velocity: velocity))
        let solution = SpringSolution(spring: spring, displacement: -1, velocity: velocity)
        for time in sampleAt {
            let state = solution.state(at: time)
            guard state.displacement.isFinite, state.velocity.isFinite else {
                throw TransitionsCLIError.fail("the motion at --sample-at \(time) is not a finite number")
            }
            try StandardStreams.printLine(Sample(t: time, position: 1 + state.displacement, velocity: state.velocity))
        }
    }

    /// The first line: the spring's own fields (``DampedSpring``'s JSON), then `"settlingDuration"`,
    /// which depends on the initial velocity.
    private struct SpringDescription: Encodable {
        let spring: DampedSpring
        let settlingDuration: Double

        init(_ spring: DampedSpring, velocity: Double) {
            self.spring = spring
            settlingDuration = spring.settlingDuration(initialVelocity: velocity)
        }

        private enum CodingKeys: String, CodingKey { case settlingDuration }

        func encode(to encoder: any Encoder) throws {
            try spring.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(settlingDuration, forKey: .settlingDuration)
        }
    }

    /// `{"t","position","velocity"}`: the unit move's state `t` seconds in.
    private struct Sample: Encodable {
        let t: Double
        let position: Double
        let velocity: Double
    }
}
