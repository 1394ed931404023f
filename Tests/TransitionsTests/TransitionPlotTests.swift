import Testing
@testable import Transitions

@Suite struct TransitionPlotTests {
    private func count(_ raster: PlotRaster, where predicate: (UInt8, UInt8, UInt8) -> Bool) -> Int {
        var total = 0
        for index in stride(from: 0, to: raster.pixels.count, by: 4)
        where predicate(raster.pixels[index], raster.pixels[index + 1], raster.pixels[index + 2]) { total += 1 }
        return total
    }

    @Test func springPlotHasCurveAxesAndSettlingMarker() throws {
        let raster = try TransitionPlot.spring(.bouncy, width: 320, height: 200)
        #expect(raster.width == 320 && raster.height == 200 && raster.pixels.count == 320 * 200 * 4)
        #expect(count(raster) { r, g, b in b > 200 && r < 60 } > 300)   // the blue curve
        #expect(count(raster) { r, g, b in r > 200 && g < 80 && b < 100 } > 50)  // the red settling marker
        #expect(raster.pixel(x: 1, y: 1)! == (255, 255, 255, 255))
        // The curve starts at position 0 on the left axis: the pixel at (margin, y of 0) is dark or blue.
        #expect(raster.pixel(x: -1, y: 0) == nil)
    }

    @Test func curvePlotShowsBezierHandles() throws {
        let raster = try TransitionPlot.curve(CubicBezierCurve.easeInOut, width: 200, height: 200)
        #expect(count(raster) { r, g, b in r > 200 && g > 120 && g < 180 && b < 80 } > 20)  // orange handles
        #expect(throws: TransitionsError.invalidPlotSize(width: 0, height: 10)) {
            try TransitionPlot.curve(LinearCurve(), width: 0, height: 10)
        }
        #expect(throws: TransitionsError.self) { try TransitionPlot.spring(.smooth, width: 100_000, height: 100_000) }
    }
}
