/// A tiny anti-aliased rasterizer over a ``PlotRaster``, in pixel coordinates (y down).
struct PlotCanvas {
    var raster: PlotRaster

    /// Strokes a polyline `width` pixels wide; coverage is accumulated with `max` per pixel first,
    /// so joints between segments are not painted twice.
    mutating func stroke(_ points: [(Double, Double)], width: Double, color: PlotColor) {
        guard points.count >= 2 else { return }
        var coverage = [Float](repeating: 0, count: raster.width * raster.height)
        let half = width / 2
        for index in 1..<points.count {
            let (ax, ay) = points[index - 1], (bx, by) = points[index]
            guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { continue }
            let left = max(Int((min(ax, bx) - half - 1).rounded(.down)), 0)
            let right = min(Int((max(ax, bx) + half + 1).rounded(.up)), raster.width - 1)
            let top = max(Int((min(ay, by) - half - 1).rounded(.down)), 0)
            let bottom = min(Int((max(ay, by) + half + 1).rounded(.up)), raster.height - 1)
            guard left <= right, top <= bottom else { continue }
            let dx = bx - ax, dy = by - ay
            let lengthSquared = dx * dx + dy * dy
            for y in top...bottom {
                for x in left...right {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    var t = lengthSquared > 0 ? ((px - ax) * dx + (py - ay) * dy) / lengthSquared : 0
                    t = min(max(t, 0), 1)
                    let ex = px - (ax + t * dx), ey = py - (ay + t * dy)
                    let distance = (ex * ex + ey * ey).squareRoot()
                    let cover = Float(min(max(half + 0.5 - distance, 0), 1))
                    let slot = y * raster.width + x
                    if cover > coverage[slot] { coverage[slot] = cover }
                }
            }
        }
        for (slot, cover) in coverage.enumerated() where cover > 0 { blend(slot: slot, color: color, alpha: cover) }
    }

    /// A dashed straight line (dash and gap in pixels).
    mutating func dashedLine(from start: (Double, Double), to end: (Double, Double), width: Double,
                             color: PlotColor, dash: Double = 6, gap: Double = 4) {
        let dx = end.0 - start.0, dy = end.1 - start.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return }
        var position = 0.0
        while position < length {
            let stop = min(position + dash, length)
            stroke([(start.0 + dx * position / length, start.1 + dy * position / length),
                    (start.0 + dx * stop / length, start.1 + dy * stop / length)], width: width, color: color)
            position = stop + gap
        }
    }

    /// A filled disc of `radius` pixels.
    mutating func disc(center: (Double, Double), radius: Double, color: PlotColor) {
        guard center.0.isFinite, center.1.isFinite else { return }
        let left = max(Int(center.0 - radius - 1), 0), right = min(Int(center.0 + radius + 1), raster.width - 1)
        let top = max(Int(center.1 - radius - 1), 0), bottom = min(Int(center.1 + radius + 1), raster.height - 1)
        guard left <= right, top <= bottom else { return }
        for y in top...bottom {
            for x in left...right {
                let ex = Double(x) + 0.5 - center.0, ey = Double(y) + 0.5 - center.1
                let cover = min(max(radius + 0.5 - (ex * ex + ey * ey).squareRoot(), 0), 1)
                if cover > 0 { blend(slot: y * raster.width + x, color: color, alpha: Float(cover)) }
            }
        }
    }

    private mutating func blend(slot: Int, color: PlotColor, alpha: Float) {
        let index = slot * 4
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            UInt8(min(max((Float(old) * (1 - alpha) + Float(new) * alpha).rounded(), 0), 255))
        }
        raster.pixels[index] = mix(raster.pixels[index], color.red)
        raster.pixels[index + 1] = mix(raster.pixels[index + 1], color.green)
        raster.pixels[index + 2] = mix(raster.pixels[index + 2], color.blue)
    }
}
