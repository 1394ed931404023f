/// Why a side index could not be laid out; each case carries the offending value.
public enum SideIndexError: Error, Sendable, Equatable {
    /// The available height is not a finite number of at least zero (points).
    case invalidHeight(Double)
    /// The font size is not a finite number greater than zero (points).
    case invalidFontSize(Double)
    /// The accessibility scale is not a finite number greater than zero.
    case invalidAccessibilityScale(Double)
    /// The line height multiple is not a finite number greater than zero.
    case invalidLineHeightMultiple(Double)
    /// The spacing is not a finite number of at least zero (points).
    case invalidSpacing(Double)
    /// The horizontal padding is not a finite number of at least zero (points).
    case invalidHorizontalPadding(Double)
    /// The display scale is not a finite number of at least one (pixels per point).
    case invalidDisplayScale(Double)
    /// More items than `limit`.
    case tooManyItems(Int, limit: Int)
}

extension SideIndexError: CustomStringConvertible {
    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .invalidHeight(let value): "height \(value) is not a finite number of points ≥ 0"
        case .invalidFontSize(let value): "font size \(value) does not give a finite line height > 0"
        case .invalidAccessibilityScale(let value): "accessibility scale \(value) is not a finite number > 0"
        case .invalidLineHeightMultiple(let value): "line height multiple \(value) is not a finite number > 0"
        case .invalidSpacing(let value): "spacing \(value) is not a finite number of points ≥ 0"
        case .invalidHorizontalPadding(let value): "horizontal padding \(value) is not a finite number of points ≥ 0"
        case .invalidDisplayScale(let value): "display scale \(value) is not a finite number ≥ 1"
        case .tooManyItems(let count, let limit): "\(count) items exceed the limit of \(limit)"
        }
    }
}
