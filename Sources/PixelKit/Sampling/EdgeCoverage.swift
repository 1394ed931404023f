/// How much of the stored image the last column and row of a reduced decode stand for.
///
/// A block-scaling decoder (JPEG's DCT scaling at n/8) makes each output pixel the mean of an
/// 8/n × 8/n block of stored pixels, and the last column and row cover whatever is left over —
/// 3 pixels of the last block of a 427-pixel side at 1/8. Averaging the decoded pixels equally
/// would over-weight those partial blocks (by up to 1.6 levels on a 227×149 image); weighting them
/// by their coverage makes the reduced mean match the full-resolution one.
public struct EdgeCoverage: Sendable, Hashable {
    /// Weight of the last column relative to the others (1 when it is a full block).
    public let lastColumn: Double
    /// Weight of the last row relative to the others.
    public let lastRow: Double

    /// Every column and row stands for a whole pixel's share (a full-size decode).
    public static let uniform = EdgeCoverage(lastColumn: 1, lastRow: 1)

    /// Coverage with these fractions for the last column and the last row.
    public init(lastColumn: Double, lastRow: Double) {
        self.lastColumn = lastColumn
        self.lastRow = lastRow
    }

    /// The coverage of a decode from `stored` to `decoded` by n/8 block scaling; `.uniform` when
    /// the sizes are equal or no n/8 scale produces the decoded size.
    public init(stored: PixelSize, decoded: PixelSize) {
        func weight(_ storedLength: Int, _ decodedLength: Int) -> Double {
            guard decodedLength > 1, decodedLength < storedLength else { return 1 }
            for numerator in 1...8 where (storedLength * numerator + 7) / 8 == decodedLength {
                let span = 8.0 / Double(numerator)
                return min(1, (Double(storedLength) - Double(decodedLength - 1) * span) / span)
            }
            return 1
        }
        self.init(lastColumn: weight(stored.width, decoded.width), lastRow: weight(stored.height, decoded.height))
    }
}
