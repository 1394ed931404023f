/// The size arithmetic of a thumbnail: fit the longest side to a maximum, keep the aspect ratio,
/// never enlarge.
public enum ThumbnailSizing {
    /// The size of `size` scaled so that its longest side is `maxPixelSize` (or `size` itself when
    /// it is already no longer than that). The other side is rounded to the nearest pixel and is
    /// at least 1. Orientation does not matter: it swaps the sides, not the longest one.
    public static func size(fitting size: PixelSize, maxPixelSize: Int) -> PixelSize {
        let longest = max(size.width, size.height)
        guard maxPixelSize > 0, longest > maxPixelSize else { return size }
        // Rounded integer division: (side × max + longest / 2) / longest; side × max < 65535².
        func scaled(_ side: Int) -> Int { max(1, (side * maxPixelSize + longest / 2) / longest) }
        return size.width >= size.height
            ? PixelSize(width: maxPixelSize, height: scaled(size.height))
            : PixelSize(width: scaled(size.width), height: maxPixelSize)
    }
}
