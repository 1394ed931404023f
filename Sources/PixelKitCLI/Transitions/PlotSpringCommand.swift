import ArgumentParser
import Transitions

/// `pixelkit plot spring (spring flags) -o FILE.png`.
struct PlotSpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring", abstract: "Plot the unit move 0 → 1 of a spring over time; red marks the settling duration.")

    @OptionGroup var spring: SpringOptions
    @OptionGroup var output: PlotOutputOptions

    func run() throws {
        let spring: DampedSpring
        switch self.spring.makeSpring() {
        case .success(let value): spring = value
        case .failure(let problem): throw TransitionsCLIError.fail(problem.message)
        }
        let velocity = self.spring.velocity
        let raster = Result { () throws(TransitionsError) in
            try TransitionPlot.spring(spring, initialVelocity: velocity, width: output.width, height: output.height)
        }
        try output.write(raster, settlingDuration: spring.settlingDuration(initialVelocity: velocity))
    }
}
