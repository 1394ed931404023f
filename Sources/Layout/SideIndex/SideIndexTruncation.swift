/// Which items a truncated index keeps, the way the system section index does it.
enum SideIndexTruncation {
    /// Positions (in `0..<count`) of `kept` items spread evenly from the first to the last:
    /// `round(j · (count − 1) / (kept − 1))` for `j` in `0..<kept`, halves rounded up, in integer arithmetic
    /// so every platform agrees.
    ///
    /// Requires `2 ≤ kept ≤ count`. With `kept ≤ (count + 1) / 2` consecutive positions differ by at least 2,
    /// so every bullet between two kept items stands for at least one hidden item.
    static func keptPositions(count: Int, kept: Int) -> [Int] {
        let gaps = kept - 1
        return (0..<kept).map { step in (2 * step * (count - 1) + gaps) / (2 * gaps) }
    }

    /// The number of lines a truncated run may use: the budget made odd (item, bullet, …, item), at least 3
    /// so the first and last items always show, and no more than a run of `count` items can fill with every
    /// bullet hiding something.
    static func lineCount(budget: Int, count: Int) -> Int {
        let odd = budget % 2 == 1 ? budget : budget - 1
        let mostUseful = 2 * ((count + 1) / 2) - 1
        return min(max(3, odd), mostUseful)
    }
}
