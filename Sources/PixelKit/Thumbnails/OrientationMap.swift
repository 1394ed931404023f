/// Where each stored pixel lands once an EXIF orientation is applied, as an affine map on pixel
/// indices: stored `(x, y)` goes to index `origin + x·xStep + y·yStep` of the upright image
/// (row-major, `uprightSize.width` pixels per row).
struct OrientationMap {
    let uprightSize: PixelSize
    let origin: Int
    let xStep: Int
    let yStep: Int

    init(_ orientation: ImageOrientation, storedSize: PixelSize) {
        let w = storedSize.width, h = storedSize.height
        uprightSize = orientation.swapsDimensions ? PixelSize(width: h, height: w) : storedSize
        // Upright coordinates (X, Y) of stored (x, y), from the EXIF definitions of tags 1–8.
        switch orientation {
        case .up: (origin, xStep, yStep) = (0, 1, w)                              // (x, y)
        case .upMirrored: (origin, xStep, yStep) = (w - 1, -1, w)                 // (w-1-x, y)
        case .down: (origin, xStep, yStep) = ((h - 1) * w + w - 1, -1, -w)        // (w-1-x, h-1-y)
        case .downMirrored: (origin, xStep, yStep) = ((h - 1) * w, 1, -w)         // (x, h-1-y)
        case .leftMirrored: (origin, xStep, yStep) = (0, h, 1)                    // (y, x)
        case .right: (origin, xStep, yStep) = (h - 1, h, -1)                      // (h-1-y, x)
        case .rightMirrored: (origin, xStep, yStep) = ((w - 1) * h + h - 1, -h, -1) // (h-1-y, w-1-x)
        case .left: (origin, xStep, yStep) = ((w - 1) * h, -h, 1)                 // (y, w-1-x)
        }
    }

    /// Copies one stored row of RGBA8 pixels (`row` holds `count` pixels) to its upright place in `canvas`.
    @inline(__always)
    func place(row: UnsafeRawPointer, count: Int, y: Int, into canvas: UnsafeMutableRawPointer) {
        let base = origin + y * yStep
        if xStep == 1 {
            (canvas + base * 4).copyMemory(from: row, byteCount: count * 4)
            return
        }
        for x in 0..<count {
            let pixel = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            canvas.storeBytes(of: pixel, toByteOffset: (base + x * xStep) * 4, as: UInt32.self)
        }
    }
}

extension RGBAImage {
    /// This image shown upright: transformed as its EXIF `orientation` says (width and height
    /// swap for orientations 5–8). `.up` returns the image unchanged.
    public func applyingOrientation(_ orientation: ImageOrientation) -> RGBAImage {
        guard orientation != .up else { return self }
        let map = OrientationMap(orientation, storedSize: size)
        var result = [UInt8](repeating: 0, count: pixels.count)
        result.withUnsafeMutableBytes { canvas in
            pixels.withUnsafeBytes { source in
                guard let canvas = canvas.baseAddress, let source = source.baseAddress else { return }
                for y in 0..<height {
                    map.place(row: source + y * width * 4, count: width, y: y, into: canvas)
                }
            }
        }
        return RGBAImage(width: map.uprightSize.width, height: map.uprightSize.height, pixels: result)
    }
}
