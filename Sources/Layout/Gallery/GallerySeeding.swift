/// Where the gallery's shape sequence gets its seed.
public enum GallerySeeding: Sendable, Hashable {
    /// Seeds the generator with the item count, as Wallaroo did: the same count always gives the same
    /// layout, and adding an item deals a fresh layout (every tile may change shape).
    case itemCount
    /// Seeds the generator with a constant: the shape sequence no longer depends on the count, so appending
    /// items keeps every existing tile's shape and position and only lays out the new ones.
    case fixed(UInt64)
}
