import PixelKit

/// Synthetic test images.
enum TestImages {
    /// A smooth, asymmetric color pattern (no two corners alike), opaque.
    static func pattern(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                pixels[p] = UInt8(x * 255 / max(width - 1, 1))
                pixels[p + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[p + 2] = UInt8((x + 2 * y) * 255 / max(width - 1 + 2 * (height - 1), 1))
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixel at `(x, y)` as four bytes.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = (y * image.width + x) * 4
        return Array(image.pixels[p..<p + 4])
    }

    /// Mean absolute difference per sample of two images of the same size (nil if sizes differ).
    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double? {
        guard a.size == b.size, !a.pixels.isEmpty else { return nil }
        var total = 0
        for index in a.pixels.indices { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(a.pixels.count)
    }

    /// The upright view of `image` as the EXIF specification words each tag ("mirror horizontal
    /// and rotate 90 CW"…), composed from two primitive moves — independent of the library's
    /// index arithmetic.
    static func upright(_ image: RGBAImage, _ orientation: ImageOrientation) -> RGBAImage {
        switch orientation {
        case .up: image
        case .upMirrored: mirroredHorizontally(image)
        case .down: rotatedClockwise(rotatedClockwise(image))
        case .downMirrored: rotatedClockwise(rotatedClockwise(mirroredHorizontally(image)))
        case .leftMirrored: rotatedClockwise(rotatedClockwise(rotatedClockwise(mirroredHorizontally(image))))
        case .right: rotatedClockwise(image)
        case .rightMirrored: rotatedClockwise(mirroredHorizontally(image))
        case .left: rotatedClockwise(rotatedClockwise(rotatedClockwise(image)))
        }
    }

    static func mirroredHorizontally(_ image: RGBAImage) -> RGBAImage {
        remapped(image, width: image.width, height: image.height) { x, y in (image.width - 1 - x, y) }
    }

    /// Turned a quarter clockwise: the left column becomes the top row.
    static func rotatedClockwise(_ image: RGBAImage) -> RGBAImage {
        remapped(image, width: image.height, height: image.width) { x, y in (y, image.height - 1 - x) }
    }

    /// An image whose pixel (x, y) is `image`'s pixel at `source(x, y)`.
    private static func remapped(_ image: RGBAImage, width: Int, height: Int, source: (Int, Int) -> (Int, Int)) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = source(x, y)
                pixels += pixel(image, sx, sy)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
