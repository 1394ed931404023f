import PixelKit
import Themes

/// Weighted k-means in CIE L\*a\*b\* (M. Emre Celebi, "Improving the performance of k-means for color
/// quantization", 2011): each distinct color is a point weighted by its pixel count, the starting
/// centres come from ``WuQuantizer``, and the triangle inequality skips centres that cannot be nearer.
///
/// Follows material-color-utilities' `QuantizerWsmeans` (Apache License 2.0, © Google LLC): at most
/// 100 iterations, a point moves only if that brings it more than ΔE 3 closer, and it stops when no
/// point moves. Differences: the points are histogram cells (each the mean of its pixels) rather than
/// every distinct pixel value, and each point starts at its nearest seed rather than at a
/// pseudo-random one (the reference's first iteration moves them there anyway, unless within ΔE 3).
struct WeightedKMeans {
    static let maximumIterations = 100
    static let minimumMovement = 3.0

    /// One cluster: its centre as an 8-bit sRGB color, and the weight of the points in it.
    struct Cluster {
        var color: RGBAColor
        var population: Double
    }

    /// Clusters `points` (sRGB components 0…255 with weights) starting from `seeds` (sRGB 0…255);
    /// returns the non-empty clusters, those with identical 8-bit colors merged.
    static func cluster(_ points: [WeightedColor], seeds: [SIMD3<Double>]) -> [Cluster] {
        guard !points.isEmpty, !seeds.isEmpty else { return [] }
        let labPoints = points.map { lab(of: $0.color) }
        let weights = points.map(\.count)
        var centres = seeds.map { lab(of: $0) }
        let k = centres.count
        var assignment = labPoints.map { point in
            var best = 0
            var bestDistance = Double.infinity
            for (index, centre) in centres.enumerated() {
                let distance = squaredDistance(point, centre)
                if distance < bestDistance {
                    bestDistance = distance
                    best = index
                }
            }
            return best
        }
        var populations = [Double](repeating: 0, count: k)
        var centreDistances = [Double](repeating: 0, count: k * k)
        for iteration in 0..<maximumIterations {
            if iteration > 0 {
                for i in 0..<k {
                    centreDistances[i * k + i] = 0
                    for j in (i + 1)..<max(k, i + 1) {
                        let distance = squaredDistance(centres[i], centres[j])
                        centreDistances[i * k + j] = distance
                        centreDistances[j * k + i] = distance
                    }
                }
                var moved = false
                for (index, point) in labPoints.enumerated() {
                    let previous = assignment[index]
                    let previousDistance = squaredDistance(point, centres[previous])
                    var minimum = previousDistance
                    var chosen = -1
                    for j in 0..<k where centreDistances[previous * k + j] < 4 * previousDistance {
                        let distance = squaredDistance(point, centres[j])
                        if distance < minimum {
                            minimum = distance
                            chosen = j
                        }
                    }
                    if chosen >= 0, abs(minimum.squareRoot() - previousDistance.squareRoot()) > minimumMovement {
                        assignment[index] = chosen
                        moved = true
                    }
                }
                if !moved { break }
            }
            var sums = [SIMD3<Double>](repeating: .zero, count: k)
            for i in 0..<k { populations[i] = 0 }
            for (index, point) in labPoints.enumerated() {
                let cluster = assignment[index]
                populations[cluster] += weights[index]
                sums[cluster] += point * weights[index]
            }
            for i in 0..<k {
                centres[i] = populations[i] > 0 ? sums[i] / populations[i] : .zero
            }
        }
        var clusters: [Cluster] = []
        var positionOfHex: [String: Int] = [:]
        for i in 0..<k where populations[i] > 0 {
            let color = RGBAColor(CIELab(lightness: centres[i].x, a: centres[i].y, b: centres[i].z)).quantized
            if let position = positionOfHex[color.hex] {
                clusters[position].population += populations[i]
            } else {
                positionOfHex[color.hex] = clusters.count
                clusters.append(Cluster(color: color, population: populations[i]))
            }
        }
        return clusters
    }

    private static func lab(of color: SIMD3<Double>) -> SIMD3<Double> {
        let lab = CIELab(RGBAColor(red: color.x, green: color.y, blue: color.z))
        return SIMD3(lab.lightness, lab.a, lab.b)
    }

    @inline(__always)
    private static func squaredDistance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum()
    }
}
