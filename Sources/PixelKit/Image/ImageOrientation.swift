/// How the stored pixels must be transformed to show the image upright: the EXIF/TIFF
/// `Orientation` tag (values 1–8), named after the transform that restores the upright view.
/// Its JSON is the tag's value, 1…8.
public enum ImageOrientation: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored horizontally.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: mirrored vertically.
    case downMirrored = 4
    /// 5: mirrored along the top-left/bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: must be rotated 90° clockwise to be upright.
    case right = 6
    /// 7: mirrored along the top-right/bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// 8: must be rotated 90° counter-clockwise to be upright.
    case left = 8

    /// Whether showing the image upright swaps its width and height.
    var swapsDimensions: Bool { rawValue >= 5 }
}
