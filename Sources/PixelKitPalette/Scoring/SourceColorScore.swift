import PixelKit
import Themes

/// Ranks quantized colors by how well they would seed a theme, as material-color-utilities' `Score`
/// does (Apache License 2.0, © Google LLC): a color scores for the share of the image within ±15° of
/// its CAM16 hue ("excited proportion", weight 0.7 per percent) and for its chroma's distance from 48
/// (0.1 per unit below, 0.3 above); colors with chroma below 5 or an excited proportion of at most
/// 1 % are left out. When nothing is left (a grey image), there is no candidate and the caller falls
/// back to Google Blue `#4285F4`, as material-color-utilities does.
enum SourceColorScore {
    static let targetChroma = 48.0
    static let proportionWeight = 0.7
    static let chromaWeightAbove = 0.3
    static let chromaWeightBelow = 0.1
    static let cutoffChroma = 5.0
    static let cutoffExcitedProportion = 0.01

    /// One scored color.
    struct Candidate {
        var color: RGBAColor
        var hct: HCT
        var score: Double
    }

    /// The colors that pass the filter, best first (a stable order for equal scores).
    static func rank(_ colors: [(color: RGBAColor, population: Double)]) -> [Candidate] {
        let hcts = colors.map { HCT($0.color) }
        var huePopulation = [Double](repeating: 0, count: 360)
        var total = 1e-5
        for (index, hct) in hcts.enumerated() {
            huePopulation[min(max(Int(hct.hue), 0), 359)] += colors[index].population
            total += colors[index].population
        }
        var excited = [Double](repeating: 0, count: 360)
        for hue in 0..<360 {
            let proportion = huePopulation[hue] / total
            for neighbor in (hue - 14)..<(hue + 16) {
                excited[(neighbor % 360 + 360) % 360] += proportion
            }
        }
        var candidates: [Candidate] = []
        for (index, hct) in hcts.enumerated() {
            let proportion = excited[(Int(hct.hue.rounded()) % 360 + 360) % 360]
            guard hct.chroma >= cutoffChroma, proportion > cutoffExcitedProportion else { continue }
            let chromaWeight = hct.chroma < targetChroma ? chromaWeightBelow : chromaWeightAbove
            let score = proportion * 100 * proportionWeight + (hct.chroma - targetChroma) * chromaWeight
            candidates.append(Candidate(color: colors[index].color, hct: hct, score: score))
        }
        // Stable: enumerate so equal scores keep the population order.
        return candidates.enumerated()
            .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element)
    }
}
