/// Xiaolin Wu's color quantizer (Graphics Gems II, 1991): cuts the RGB cube, on a 32-level grid, into
/// boxes that minimise the weighted variance, using cumulative moment tables so that each box's sums
/// cost eight lookups. Its boxes' mean colors seed ``WeightedKMeans``.
///
/// Follows material-color-utilities' `QuantizerWu` (Apache License 2.0, © Google LLC). One difference:
/// it reads a ``ColorHistogram``'s cells, whose second moment is taken from each cell's mean (the
/// spread of colors inside a cell, at most 7 levels per channel, is not recorded).
struct WuQuantizer {
    private static let side = ColorHistogram.side + 1
    private static let tableSize = side * side * side

    private var weights: [Double]
    private var momentsR: [Double]
    private var momentsG: [Double]
    private var momentsB: [Double]
    private var moments: [Double]

    private struct Box {
        var r0 = 0, r1 = 0, g0 = 0, g1 = 0, b0 = 0, b1 = 0, volume = 0
    }

    private enum Axis { case red, green, blue }

    init(_ cells: [WeightedColor]) {
        weights = Array(repeating: 0, count: Self.tableSize)
        momentsR = weights
        momentsG = weights
        momentsB = weights
        moments = weights
        for cell in cells {
            let index = Self.index(
                (cell.cell >> 10) + 1, ((cell.cell >> 5) & 31) + 1, (cell.cell & 31) + 1)
            let sum = cell.color * cell.count
            weights[index] += cell.count
            momentsR[index] += sum.x
            momentsG[index] += sum.y
            momentsB[index] += sum.z
            moments[index] += cell.count * (cell.color * cell.color).sum()
        }
        computeMoments()
    }

    private static func index(_ r: Int, _ g: Int, _ b: Int) -> Int { (r * side + g) * side + b }

    /// Turns the cell values into cumulative sums over the box from the origin.
    private mutating func computeMoments() {
        let side = Self.side
        for r in 1..<side {
            var area = [Double](repeating: 0, count: side)
            var areaR = area, areaG = area, areaB = area, area2 = area
            for g in 1..<side {
                var line = 0.0, lineR = 0.0, lineG = 0.0, lineB = 0.0, line2 = 0.0
                for b in 1..<side {
                    let index = Self.index(r, g, b)
                    line += weights[index]
                    lineR += momentsR[index]
                    lineG += momentsG[index]
                    lineB += momentsB[index]
                    line2 += moments[index]
                    area[b] += line
                    areaR[b] += lineR
                    areaG[b] += lineG
                    areaB[b] += lineB
                    area2[b] += line2
                    let previous = Self.index(r - 1, g, b)
                    weights[index] = weights[previous] + area[b]
                    momentsR[index] = momentsR[previous] + areaR[b]
                    momentsG[index] = momentsG[previous] + areaG[b]
                    momentsB[index] = momentsB[previous] + areaB[b]
                    moments[index] = moments[previous] + area2[b]
                }
            }
        }
    }

    /// Up to `maximumColors` mean colors (components 0…255, rounded), one per non-empty box.
    func quantize(maximumColors: Int) -> [SIMD3<Double>] {
        let maximumColors = max(1, maximumColors)
        var boxes = [Box](repeating: Box(), count: maximumColors)
        var variances = [Double](repeating: 0, count: maximumColors)
        boxes[0] = Box(r0: 0, r1: Self.side - 1, g0: 0, g1: Self.side - 1, b0: 0, b1: Self.side - 1, volume: 0)
        var generated = maximumColors
        var next = 0
        var i = 1
        while i < maximumColors {
            var one = boxes[next], two = boxes[i]
            let didCut = cut(&one, &two)
            boxes[next] = one
            boxes[i] = two
            if didCut {
                variances[next] = boxes[next].volume > 1 ? variance(boxes[next]) : 0
                variances[i] = boxes[i].volume > 1 ? variance(boxes[i]) : 0
            } else {
                variances[next] = 0
                i -= 1
            }
            next = 0
            var largest = variances[0]
            if i >= 1 {
                for j in 1...i where variances[j] > largest {
                    largest = variances[j]
                    next = j
                }
            }
            if largest <= 0 {
                generated = i + 1
                break
            }
            i += 1
        }
        var colors: [SIMD3<Double>] = []
        for box in boxes.prefix(generated) {
            let weight = volume(box, weights)
            guard weight > 0 else { continue }
            colors.append(SIMD3(
                (volume(box, momentsR) / weight).rounded(), (volume(box, momentsG) / weight).rounded(),
                (volume(box, momentsB) / weight).rounded()))
        }
        return colors
    }

    private func variance(_ box: Box) -> Double {
        let dr = volume(box, momentsR), dg = volume(box, momentsG), db = volume(box, momentsB)
        let xx = volume(box, moments)
        let weight = volume(box, weights)
        guard weight > 0 else { return 0 }
        return xx - (dr * dr + dg * dg + db * db) / weight
    }

    private func cut(_ one: inout Box, _ two: inout Box) -> Bool {
        let wholeR = volume(one, momentsR), wholeG = volume(one, momentsG)
        let wholeB = volume(one, momentsB), wholeW = volume(one, weights)
        let whole = (wholeR, wholeG, wholeB, wholeW)
        let red = maximize(one, .red, first: one.r0 + 1, last: one.r1, whole: whole)
        let green = maximize(one, .green, first: one.g0 + 1, last: one.g1, whole: whole)
        let blue = maximize(one, .blue, first: one.b0 + 1, last: one.b1, whole: whole)
        let axis: Axis
        if red.maximum >= green.maximum && red.maximum >= blue.maximum {
            guard red.cut >= 0 else { return false }
            axis = .red
        } else if green.maximum >= red.maximum && green.maximum >= blue.maximum {
            axis = .green
        } else {
            axis = .blue
        }
        two.r1 = one.r1
        two.g1 = one.g1
        two.b1 = one.b1
        switch axis {
        case .red:
            one.r1 = red.cut
            two.r0 = one.r1; two.g0 = one.g0; two.b0 = one.b0
        case .green:
            one.g1 = green.cut
            two.r0 = one.r0; two.g0 = one.g1; two.b0 = one.b0
        case .blue:
            one.b1 = blue.cut
            two.r0 = one.r0; two.g0 = one.g0; two.b0 = one.b1
        }
        one.volume = (one.r1 - one.r0) * (one.g1 - one.g0) * (one.b1 - one.b0)
        two.volume = (two.r1 - two.r0) * (two.g1 - two.g0) * (two.b1 - two.b0)
        return true
    }

    private func maximize(
        _ box: Box, _ axis: Axis, first: Int, last: Int, whole: (Double, Double, Double, Double)
    ) -> (cut: Int, maximum: Double) {
        let bottomR = bottom(box, axis, momentsR), bottomG = bottom(box, axis, momentsG)
        let bottomB = bottom(box, axis, momentsB), bottomW = bottom(box, axis, weights)
        var best = 0.0
        var cut = -1
        guard first < last else { return (cut, best) }
        for position in first..<last {
            var halfR = bottomR + top(box, axis, position, momentsR)
            var halfG = bottomG + top(box, axis, position, momentsG)
            var halfB = bottomB + top(box, axis, position, momentsB)
            var halfW = bottomW + top(box, axis, position, weights)
            guard halfW != 0 else { continue }
            var score = (halfR * halfR + halfG * halfG + halfB * halfB) / halfW
            halfR = whole.0 - halfR
            halfG = whole.1 - halfG
            halfB = whole.2 - halfB
            halfW = whole.3 - halfW
            guard halfW != 0 else { continue }
            score += (halfR * halfR + halfG * halfG + halfB * halfB) / halfW
            if score > best {
                best = score
                cut = position
            }
        }
        return (cut, best)
    }

    private func volume(_ box: Box, _ moment: [Double]) -> Double {
        moment[Self.index(box.r1, box.g1, box.b1)] - moment[Self.index(box.r1, box.g1, box.b0)]
            - moment[Self.index(box.r1, box.g0, box.b1)] + moment[Self.index(box.r1, box.g0, box.b0)]
            - moment[Self.index(box.r0, box.g1, box.b1)] + moment[Self.index(box.r0, box.g1, box.b0)]
            + moment[Self.index(box.r0, box.g0, box.b1)] - moment[Self.index(box.r0, box.g0, box.b0)]
    }

    private func bottom(_ box: Box, _ axis: Axis, _ moment: [Double]) -> Double {
        switch axis {
        case .red:
            return -moment[Self.index(box.r0, box.g1, box.b1)] + moment[Self.index(box.r0, box.g1, box.b0)]
                + moment[Self.index(box.r0, box.g0, box.b1)] - moment[Self.index(box.r0, box.g0, box.b0)]
        case .green:
            return -moment[Self.index(box.r1, box.g0, box.b1)] + moment[Self.index(box.r1, box.g0, box.b0)]
                + moment[Self.index(box.r0, box.g0, box.b1)] - moment[Self.index(box.r0, box.g0, box.b0)]
        case .blue:
            return -moment[Self.index(box.r1, box.g1, box.b0)] + moment[Self.index(box.r1, box.g0, box.b0)]
                + moment[Self.index(box.r0, box.g1, box.b0)] - moment[Self.index(box.r0, box.g0, box.b0)]
        }
    }

    private func top(_ box: Box, _ axis: Axis, _ position: Int, _ moment: [Double]) -> Double {
        switch axis {
        case .red:
            return moment[Self.index(position, box.g1, box.b1)] - moment[Self.index(position, box.g1, box.b0)]
                - moment[Self.index(position, box.g0, box.b1)] + moment[Self.index(position, box.g0, box.b0)]
        case .green:
            return moment[Self.index(box.r1, position, box.b1)] - moment[Self.index(box.r1, position, box.b0)]
                - moment[Self.index(box.r0, position, box.b1)] + moment[Self.index(box.r0, position, box.b0)]
        case .blue:
            return moment[Self.index(box.r1, box.g1, position)] - moment[Self.index(box.r1, box.g0, position)]
                - moment[Self.index(box.r0, box.g1, position)] + moment[Self.index(box.r0, box.g0, position)]
        }
    }
}
