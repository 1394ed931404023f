/// An axis-aligned rectangle in some shared coordinate space (points), independent of
/// CoreGraphics so the geometry helpers run anywhere. Convert with
/// `FrameRect(x: r.minX, y: r.minY, width: r.width, height: r.height)`.
public struct FrameRect: Sendable, Hashable {
    /// Origin (the minimum corner), points.
    public var x: Double, y: Double
    /// Size, points (negative sizes are normalised away by the initialiser).
    public var width: Double, height: Double

    /// A rectangle; a negative width or height flips the origin so the size is non-negative
    /// (as `CGRect.standardized`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = width < 0 ? x + width : x
        self.y = height < 0 ? y + height : y
        self.width = abs(width)
        self.height = abs(height)
    }

    /// Smallest x.
    public var minX: Double { x }
    /// Largest x.
    public var maxX: Double { x + width }
    /// Smallest y.
    public var minY: Double { y }
    /// Largest y.
    public var maxY: Double { y + height }
    /// Centre x.
    public var midX: Double { x + width / 2 }
    /// Centre y.
    public var midY: Double { y + height / 2 }

    /// Whether the two rectangles share area (touching edges do not count; NaN never intersects).
    /// This is the Wallaroo gallery's visibility test: create a tile only while its frame
    /// intersects the visible container frame, so off-screen images are not loaded.
    public func intersects(_ other: FrameRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The shared area, or `nil` when they do not intersect.
    public func intersection(_ other: FrameRect) -> FrameRect? {
        guard intersects(other) else { return nil }
        let left = max(minX, other.minX), top = max(minY, other.minY)
        return FrameRect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// This rectangle grown by `margin` points on every side (shrunk for negative margins, never below
    /// zero size) — e.g. to start loading tiles a screen before they scroll in.
    public func expanded(by margin: Double) -> FrameRect {
        let width = max(self.width + 2 * margin, 0), height = max(self.height + 2 * margin, 0)
        return FrameRect(x: midX - width / 2, y: midY - height / 2, width: width, height: height)
    }

    /// Fraction of this rectangle's area inside `container`, in [0, 1] (0 for an empty rectangle).
    public func visibleFraction(in container: FrameRect) -> Double {
        let area = width * height
        guard area > 0, let shared = intersection(container) else { return 0 }
        return min(shared.width * shared.height / area, 1)
    }
}

extension Sequence where Element == FrameRect {
    /// Indices (in sequence order) of the frames that intersect `container` grown by `margin`
    /// points — the tiles to create (and load) for lazy, on-screen-only rendering.
    public func indicesVisible(in container: FrameRect, margin: Double = 0) -> [Int] {
        let area = container.expanded(by: margin)
        var result: [Int] = []
        for (index, frame) in enumerated() where frame.intersects(area) { result.append(index) }
        return result
    }
}
