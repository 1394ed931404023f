/// One item's place in the gallery.
public struct GalleryTile: Sendable, Hashable {
    /// The item's position in the data (0-based).
    public let index: Int
    /// The shape dealt to the item.
    public let shape: GalleryTileShape
    /// Grid column of the tile's top-left cell (0-based).
    public let column: Int
    /// Grid row of the tile's top-left cell (0-based).
    public let row: Int
    /// Where the tile goes, in points, relative to the gallery's top-left corner.
    public let frame: LayoutRect
}
