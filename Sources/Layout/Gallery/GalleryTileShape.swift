/// The four tile shapes of the shuffled-bag gallery, measured in grid cells.
public enum GalleryTileShape: String, CaseIterable, Sendable, Hashable {
    /// Two columns wide, two rows tall.
    case large
    /// One column wide, two rows tall.
    case vertical
    /// Two columns wide, one row tall.
    case horizontal
    /// One column wide, one row tall.
    case small

    /// Width in grid columns.
    public var columnSpan: Int {
        switch self {
        case .large, .horizontal: 2
        case .vertical, .small: 1
        }
    }

    /// Height in grid rows.
    public var rowSpan: Int {
        switch self {
        case .large, .vertical: 2
        case .horizontal, .small: 1
        }
    }

}
