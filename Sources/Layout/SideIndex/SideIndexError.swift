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
