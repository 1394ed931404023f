import PixelKitCommandSupport
import ArgumentParser
import PixelKit
import Transitions

/// Output file and size, shared by the plot subcommands.
struct PlotOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .long], help: "PNG file to write.")
    var output: String

    @Option(help: "Width in pixels (16…4096).")
    var width: Int = 640

    @Option(help: "Height in pixels (16…4096).")
    var height: Int = 400

    /// Writes `raster` and prints `{"output","width","height"}`, plus `"settlingDuration"` for a spring.
    func write(_ raster: Result<PlotRaster, TransitionsError>, settlingDuration: Double? = nil) throws {
        let plot: PlotRaster
        switch raster {
        case .success(let value): plot = value
        case .failure(let error): throw TransitionsCLIError.fail(error.description)
        }
        do {
            try PNGFileWriter.write(rgba: plot.pixels, width: plot.width, height: plot.height, to: output)
        } catch let error as ImageError where error.fileError != nil {
            // The file's error says "cannot write PATH: …" itself: once.
            throw TransitionsCLIError.fail(error.description)
        } catch {
            throw TransitionsCLIError.fail("cannot write \(EchoedText.cut(output)): \(error)")
        }
        try StandardStreams.printLine(PlotLine(
            output: output, width: plot.width, height: plot.height, settlingDuration: settlingDuration))
    }

    /// `{"output","width","height"}` and `"settlingDuration"` for a spring's plot.
    private struct PlotLine: Encodable {
        let output: String
        let width: Int
        let height: Int
        let settlingDuration: Double?
    }
}
