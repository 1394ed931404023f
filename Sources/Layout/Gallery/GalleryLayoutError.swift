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
    /// Container width plus spacing exceed `limit` points, so the frames of a large gallery would
    /// overflow to infinity.
    case tooLarge(containerWidth: Double, spacing: Double, limit: Double)
}

extension GalleryLayoutError: CustomStringConvertible {
    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .invalidContainerWidth(let value): "container width \(value) is not a finite number of points > 0"
        case .invalidMinimumTileWidth(let value): "minimum tile width \(value) is not a finite number of points > 0"
        case .invalidSpacing(let value): "spacing \(value) is not a finite number of points ≥ 0"
        case .negativeItemCount(let count): "item count \(count) is negative"
        case .tooManyItems(let count, let limit): "\(count) items exceed the limit of \(limit)"
        case .tooManyColumns(let columns, let limit): "\(columns) columns exceed the limit of \(limit)"
        case .tooLarge(let width, let spacing, let limit):
            "container width \(width) plus spacing \(spacing) exceed the limit of \(limit) points"
        }
    }
}
