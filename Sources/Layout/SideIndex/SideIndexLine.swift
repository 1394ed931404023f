/// One displayed line of a side index: an item, or a bullet standing for items truncation hid.
public struct SideIndexLine: Sendable, Hashable {
    /// What a line shows.
    public enum Content: Sendable, Hashable {
        /// The item at `index` of the full item list.
        case item(index: Int)
        /// A bullet ("•") standing for the items at `hidden` (never empty) of the full item list.
        case bullet(hidden: Range<Int>)
    }

    /// What the line shows.
    public let content: Content
    /// Top edge, in points from the top of the index's bounds.
    public let y: Double
    /// Line height, in points.
    public let height: Double
}
