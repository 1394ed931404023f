import ArgumentParser
import Transitions

/// `pixelkit plot curve X1 Y1 X2 Y2 -o FILE.png`.
struct PlotCurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve", abstract: "Plot a cubic Bézier timing curve with its control handles.")

    @OptionGroup var points: BezierControlPoints
    @OptionGroup var output: PlotOutputOptions

    func run() throws {
        let curve = try points.makeCurve()
        let raster = Result { () throws(TransitionsError) in
            try TransitionPlot.curve(curve, width: output.width, height: output.height)
        }
        try output.write(raster)
    }
}
