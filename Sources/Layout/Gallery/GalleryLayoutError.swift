/// Why a gallery layout could not be computed; each case carries the offending value.
public enum GalleryLayoutError: Error, Sendable, Equatable {
    /// The container width is not a finite number greater than zero (points).
    case invalidContainerWidth(Double)
    /// The minimum tile width is not a finite number greater than zero (points).
    case invalidMinimumTileWidth(Double)
    /// The spacing is not a finite number of at least zero (points).
    case invalidSpacing(Double)
    /// The item count is negative.
    case negativeItemCount(Int)
    /// The item count exceeds `limit` (bounds the memory one layout may allocate).
    case tooManyItems(Int, limit: Int)
    /// The width and minimum tile width would give more than `limit` columns.
    case tooManyColumns(Double, limit: Int)
}
