/// A rectangle of pixels: origin at the top-left, x to the right, y down.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge, in pixels.
    public var x: Int
    /// Top edge, in pixels.
    public var y: Int
    /// Width, in pixels.
    public var width: Int
    /// Height, in pixels.
    public var height: Int

    /// The rectangle at (`x`, `y`) of `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the rectangle is non-empty and lies entirely inside an image of `size`.
    func fits(in size: PixelSize) -> Bool {
        width > 0 && height > 0 && x >= 0 && y >= 0 && x <= size.width - width && y <= size.height - height
    }

    /// The same area in an image resized from `source` to `target`, rounded outward and kept
    /// at least one pixel wide and high (used when a reduced decode stands in for the full image).
    func scaled(from source: PixelSize, to target: PixelSize) -> PixelRect {
        guard source != target else { return self }
        func floorScaled(_ value: Int, _ from: Int, _ to: Int) -> Int { value * to / from }
        func ceilScaled(_ value: Int, _ from: Int, _ to: Int) -> Int { (value * to + from - 1) / from }
        let left = floorScaled(x, source.width, target.width)
        let top = floorScaled(y, source.height, target.height)
        let right = max(left + 1, min(target.width, ceilScaled(x + width, source.width, target.width)))
        let bottom = max(top + 1, min(target.height, ceilScaled(y + height, source.height, target.height)))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `"x,y,width,height"`, as `pixelkit average --region` takes it.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}
