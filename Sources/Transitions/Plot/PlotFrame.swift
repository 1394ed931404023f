/// Maps data coordinates to pixels inside a margin, with the value range padded to include 0 and 1.
struct PlotFrame {
    let width: Double, height: Double, margin: Double
    let xRange: ClosedRange<Double>
    let yRange: ClosedRange<Double>

    init(raster: PlotRaster, xRange: ClosedRange<Double>, values: [Double]) {
        width = Double(raster.width)
        height = Double(raster.height)
        margin = max(6, min(width, height) * 0.06)
        self.xRange = xRange
        let finite = values.filter(\.isFinite)
        let low = min(finite.min() ?? 0, 0), high = max(finite.max() ?? 1, 1)
        let pad = (high - low) * 0.04
        yRange = (low - pad)...(high + pad)
    }

    func point(_ x: Double, _ y: Double) -> (Double, Double) {
        let u = (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound)
        let v = (y - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
        return (margin + u * (width - 2 * margin), height - margin - v * (height - 2 * margin))
    }

    /// Vertical grid lines every `xStep`, horizontal ones at 0 and 1, then the axes through 0.
    func drawGrid(on canvas: inout PlotCanvas, xStep: Double) {
        var x = xRange.lowerBound + xStep
        while x <= xRange.upperBound + 1e-12 {
            canvas.stroke([point(x, yRange.lowerBound), point(x, yRange.upperBound)], width: 1, color: .grid)
            x += xStep
        }
        canvas.stroke([point(xRange.lowerBound, 1), point(xRange.upperBound, 1)], width: 1, color: .grid)
        canvas.stroke([point(xRange.lowerBound, 0), point(xRange.upperBound, 0)], width: 1.5, color: .axis)
        canvas.stroke([point(xRange.lowerBound, yRange.lowerBound), point(xRange.lowerBound, yRange.upperBound)],
                      width: 1.5, color: .axis)
        var tick = xRange.lowerBound + xStep
        let zero = point(0, 0).1
        while tick <= xRange.upperBound + 1e-12 {
            let px = point(tick, 0).0
            canvas.stroke([(px, zero - 4), (px, zero + 4)], width: 1.5, color: .axis)
            tick += xStep
        }
    }
}
