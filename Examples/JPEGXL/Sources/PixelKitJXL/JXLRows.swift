import PixelKit

/// Hands a decoded RGBA8 image (straight alpha) to a sink: row by row as it is, or reduced 8×.
enum JXLRows {
    /// The size of `stored` reduced 8× (each side rounded up).
    static func eighthScale(of stored: PixelSize) -> PixelSize {
        PixelSize(width: (stored.width + 7) / 8, height: (stored.height + 7) / 8)
    }

    /// Whether an image of `stored` size reduced 8× is still at least `minimum` on both sides.
    static func eighthScaleSuffices(for minimum: PixelSize, stored: PixelSize) -> Bool {
        let reduced = eighthScale(of: stored)
        return reduced.width >= minimum.width && reduced.height >= minimum.height
    }

    /// Lends `image`'s rows to `sink` until it is satisfied.
    static func lend<Sink: RowSink>(_ image: UnsafeRawBufferPointer, size: PixelSize, to sink: inout Sink) {
        sink.begin(size: size)
        let rowBytes = size.width * 4
        for y in 0..<size.height where !sink.isSatisfied {
            let row = UnsafeRawBufferPointer(rebasing: image[(y * rowBytes)..<((y + 1) * rowBytes)])
            sink.consume(PixelRow(y: y, pixels: row.assumingMemoryBound(to: UInt8.self)))
        }
    }

    /// Sends `image` reduced 8× to `sink`: each pixel the mean of an 8×8 block (smaller at the right
    /// and bottom edges), its color weighted by alpha so that the color under transparent pixels
    /// does not count. Returns the reduced size.
    static func sendEighthScale<Sink: RowSink>(_ image: UnsafeRawBufferPointer, size: PixelSize, to sink: inout Sink) -> PixelSize {
        let reduced = eighthScale(of: size)
        sink.begin(size: reduced)
        // Per output pixel: alpha-weighted R, G, B sums and the alpha sum (at most 64·255·255 each).
        var sums = [UInt32](repeating: 0, count: reduced.width * 4)
        var row = [UInt8](repeating: 0, count: reduced.width * 4)
        let pixels = image.bindMemory(to: UInt8.self)
        for outputY in 0..<reduced.height where !sink.isSatisfied {
            for index in sums.indices { sums[index] = 0 }
            let rows = (outputY * 8)..<min(outputY * 8 + 8, size.height)
            for y in rows {
                var offset = y * size.width * 4
                for x in 0..<size.width {
                    let alpha = UInt32(pixels[offset + 3])
                    let sum = (x >> 3) * 4
                    sums[sum] += UInt32(pixels[offset]) * alpha
                    sums[sum + 1] += UInt32(pixels[offset + 1]) * alpha
                    sums[sum + 2] += UInt32(pixels[offset + 2]) * alpha
                    sums[sum + 3] += alpha
                    offset += 4
                }
            }
            for x in 0..<reduced.width {
                let count = UInt32(rows.count * (min(x * 8 + 8, size.width) - x * 8))
                let alphaSum = sums[x * 4 + 3]
                for channel in 0..<3 {
                    row[x * 4 + channel] = alphaSum == 0 ? 0 : UInt8((sums[x * 4 + channel] + alphaSum / 2) / alphaSum)
                }
                row[x * 4 + 3] = UInt8((alphaSum + count / 2) / count)
            }
            row.withUnsafeBufferPointer { sink.consume(PixelRow(y: outputY, pixels: $0)) }
        }
        return reduced
    }
}
