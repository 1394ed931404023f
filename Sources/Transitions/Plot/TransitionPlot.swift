import PixelKitPlatform

/// Renders springs and timing curves as pictures (pure Swift, no fonts): light grid, axes, the
/// curve in blue, and a red dashed settling marker — for designers who would rather look than read.
public enum TransitionPlot {
    /// Plot of a unit move (0 → 1) driven by `spring`: time (s) across, position up. Grid lines
    /// mark 0 and 1 and round time steps; the red dashed line and dot mark the settling duration.
    /// - Parameters:
    ///   - spring: the spring to plot.
    ///   - initialVelocity: units per second toward the target (non-finite counts as 0).
    ///   - epsilon: settling tolerance, fraction of the move (default 0.001).
    ///   - width: pixels, 16…4096 (default 640).
    ///   - height: pixels, 16…4096 (default 400).
    /// - Throws: ``TransitionsError/invalidPlotSize(width:height:)``.
    public static func spring(_ spring: DampedSpring, initialVelocity: Double = 0, epsilon: Double = 0.001,
                              width: Int = 640, height: Int = 400) throws(TransitionsError) -> PlotRaster {
        let raster = try PlotRaster(width: width, height: height, fill: .background)
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        let settling = spring.settlingDuration(initialVelocity: velocity, epsilon: epsilon)
        let solution = SpringSolution(spring: spring, displacement: -1, velocity: velocity)
        let endTime = max(settling * 1.25, 1e-3)
        let count = max(width * 2, 2)
        let samples = (0...count).map { index -> (Double, Double) in
            let t = endTime * Double(index) / Double(count)
            return (t, 1 + solution.displacement(at: t))
        }
        let frame = PlotFrame(raster: raster, xRange: 0...endTime, values: samples.map(\.1))
        var canvas = PlotCanvas(raster: raster)
        frame.drawGrid(on: &canvas, xStep: niceStep(endTime / 6))
        canvas.dashedLine(from: frame.point(0, 1), to: frame.point(endTime, 1), width: 1.5, color: .reference)
        canvas.dashedLine(from: frame.point(settling, frame.yRange.lowerBound),
                          to: frame.point(settling, frame.yRange.upperBound), width: 2, color: .settling)
        canvas.stroke(samples.map { frame.point($0.0, $0.1) }, width: 2.5, color: .curve)
        canvas.disc(center: frame.point(settling, 1 + solution.displacement(at: settling)), radius: 4, color: .settling)
        return canvas.raster
    }

    /// Plot of a timing curve over `x` in [0, 1]: time fraction across, progress up, with the
    /// linear diagonal dashed, a Bézier's control handles in orange, and the end (x = 1) marked in red.
    /// - Parameters:
    ///   - curve: the curve to plot.
    ///   - width: pixels, 16…4096 (default 400).
    ///   - height: pixels, 16…4096 (default 400).
    /// - Throws: ``TransitionsError/invalidPlotSize(width:height:)``.
    public static func curve(_ curve: any TimingCurve, width: Int = 400, height: Int = 400) throws(TransitionsError)
        -> PlotRaster
    {
        let raster = try PlotRaster(width: width, height: height, fill: .background)
        let count = max(width * 2, 2)
        let samples = (0...count).map { index -> (Double, Double) in
            let x = Double(index) / Double(count)
            return (x, curve.value(at: x))
        }
        var values = samples.map(\.1)
        let bezier = curve as? CubicBezierCurve
        if let bezier { values += [bezier.y1, bezier.y2] }
        let frame = PlotFrame(raster: raster, xRange: 0...1, values: values)
        var canvas = PlotCanvas(raster: raster)
        frame.drawGrid(on: &canvas, xStep: 0.25)
        canvas.dashedLine(from: frame.point(0, 0), to: frame.point(1, 1), width: 1.5, color: .reference)
        if let bezier {
            canvas.stroke([frame.point(0, 0), frame.point(bezier.x1, bezier.y1)], width: 1.5, color: .handle)
            canvas.stroke([frame.point(1, 1), frame.point(bezier.x2, bezier.y2)], width: 1.5, color: .handle)
            canvas.disc(center: frame.point(bezier.x1, bezier.y1), radius: 4, color: .handle)
            canvas.disc(center: frame.point(bezier.x2, bezier.y2), radius: 4, color: .handle)
        }
        canvas.dashedLine(from: frame.point(1, frame.yRange.lowerBound), to: frame.point(1, frame.yRange.upperBound),
                          width: 2, color: .settling)
        canvas.stroke(samples.map { frame.point($0.0, $0.1) }, width: 2.5, color: .curve)
        canvas.disc(center: frame.point(1, 1), radius: 4, color: .settling)
        return canvas.raster
    }

    /// A round grid step (1, 2 or 5 × 10ⁿ) close to `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        let power = pow(10, floor(log10(rough)))
        let scaled = rough / power
        return (scaled < 1.5 ? 1 : scaled < 3.5 ? 2 : scaled < 7.5 ? 5 : 10) * power
    }
}
