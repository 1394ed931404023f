/// Sizes of a side index, all in points unless stated.
///
/// There is no font machinery here, so the line height is derived from the font size: the effective size
/// (`fontSize × accessibilityScale`) times `lineHeightMultiple`, rounded up to the pixel grid. The default
/// multiple 1.2 approximates the system font's line height (≈ 1.19 × point size); pass the real
/// `UIFont.lineHeight / pointSize` for exactness.
public struct SideIndexMetrics: Sendable, Hashable {
    /// Font point size before accessibility scaling (the seed's selector uses 12 pt semibold).
    public var fontSize: Double
    /// Dynamic Type factor, e.g. `UIFontMetrics.default.scaledValue(for: 1)`: 1 at the default text size.
    public var accessibilityScale: Double
    /// Line height as a multiple of the effective font size.
    public var lineHeightMultiple: Double
    /// Gap between consecutive lines (the seed uses 1 pt of line spacing).
    public var spacing: Double
    /// Pixels per point; line heights and offsets are rounded to this grid (2 keeps values exact in binary).
    public var displayScale: Double
    /// Space left and right of the widest item (the seed's side padding is 2 pt).
    public var horizontalPadding: Double

    /// Creates metrics; every argument has the default described on its property.
    public init(
        fontSize: Double = 12, accessibilityScale: Double = 1, lineHeightMultiple: Double = 1.2,
        spacing: Double = 1, displayScale: Double = 2, horizontalPadding: Double = 2
    ) {
        self.fontSize = fontSize
        self.accessibilityScale = accessibilityScale
        self.lineHeightMultiple = lineHeightMultiple
        self.spacing = spacing
        self.displayScale = displayScale
        self.horizontalPadding = horizontalPadding
    }

    /// Font size after accessibility scaling, in points.
    public var effectiveFontSize: Double { fontSize * accessibilityScale }

    /// Height of one line (item or bullet), in points, rounded up to whole pixels.
    public var lineHeight: Double { roundedUpToPixel(effectiveFontSize * lineHeightMultiple) }

    /// A width estimate for `item` when no text measurement is available, in points: 0.65 em per character
    /// for letters, 1 em for symbols. Pass real measurements to ``SideIndex/fittingWidth(measuring:)`` when you have them.
    public func estimatedWidth(of item: SideIndexItem) -> Double {
        switch item {
        case .letter(let text): Double(text.count) * 0.65 * effectiveFontSize
        case .symbol: effectiveFontSize
        }
    }

    func roundedUpToPixel(_ value: Double) -> Double {
        // The tolerance keeps a product that lands a hair above a pixel boundary through rounding noise
        // from gaining a whole pixel.
        (value * displayScale - 1e-9).rounded(.up) / displayScale
    }

    func roundedDownToPixel(_ value: Double) -> Double {
        (value * displayScale + 1e-9).rounded(.down) / displayScale
    }

    func validate() throws(SideIndexError) {
        guard fontSize.isFinite, fontSize > 0 else { throw .invalidFontSize(fontSize) }
        guard accessibilityScale.isFinite, accessibilityScale > 0 else {
            throw .invalidAccessibilityScale(accessibilityScale)
        }
        guard lineHeightMultiple.isFinite, lineHeightMultiple > 0 else {
            throw .invalidLineHeightMultiple(lineHeightMultiple)
        }
        guard spacing.isFinite, spacing >= 0 else { throw .invalidSpacing(spacing) }
        guard displayScale.isFinite, displayScale >= 1 else { throw .invalidDisplayScale(displayScale) }
        guard horizontalPadding.isFinite, horizontalPadding >= 0 else {
            throw .invalidHorizontalPadding(horizontalPadding)
        }
        guard lineHeight.isFinite else { throw .invalidFontSize(fontSize) }
    }
}
