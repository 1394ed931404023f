/// An axis-aligned rectangle in points, origin at the top left, y growing downward (UIKit's convention).
///
/// The module has no dependencies, so it carries its own rectangle instead of `CGRect`.
public struct LayoutRect: Sendable, Hashable {
    /// Left edge, in points.
    public var x: Double
    /// Top edge, in points.
    public var y: Double
    /// Width, in points (non-negative).
    public var width: Double
    /// Height, in points (non-negative).
    public var height: Double

    /// Creates a rectangle from its top-left corner and size, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge, in points.
    public var maxX: Double { x + width }
    /// Bottom edge, in points.
    public var maxY: Double { y + height }

    /// Whether the two rectangles share interior area: touching edges do not count, and an empty
    /// rectangle (zero or negative width or height) intersects nothing.
    public func intersects(_ other: LayoutRect) -> Bool {
        guard width > 0, height > 0, other.width > 0, other.height > 0 else { return false }
        return x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
