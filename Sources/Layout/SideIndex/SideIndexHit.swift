/// The item a touch at some height selects.
public struct SideIndexHit: Sendable, Hashable {
    /// Position of the item in the index's full item list (pinned item included).
    public let index: Int
    /// The item itself.
    public let item: SideIndexItem

    /// Creates a hit for the item at `index`.
    public init(index: Int, item: SideIndexItem) {
        self.index = index
        self.item = item
    }
}
