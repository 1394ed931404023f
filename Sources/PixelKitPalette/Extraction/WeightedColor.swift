/// A histogram cell: the mean sRGB color (components 0…255) of the pixels that fell in it, how many
/// there were, and the cell's index (5 bits each of red, green and blue).
struct WeightedColor: Sendable, Hashable {
    var cell: Int
    var color: SIMD3<Double>
    var count: Double
}
