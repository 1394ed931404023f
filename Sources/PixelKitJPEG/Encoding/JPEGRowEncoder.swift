import CJPEGShim
import PixelKit

/// `JPEGCodec`'s encoder: RGBA8 rows through libjpeg's compressor (`cjpe_*` in CJPEGShim), with
/// TurboJPEG's `tjCompress2` settings and the accurate DCT, so baseline bytes are those `tjCompress2`
/// writes for the same pixels with `TJFLAG_ACCURATEDCT` (tested), plus Huffman tables optimized for
/// the image unless `options.optimizesHuffmanTables` is off. Progressive files have six scans
/// (`cjpe_progressive_scans`): TurboJPEG's pixels in fewer bytes. Rows that are not opaque are composited over `options.background` first; the
/// only metadata written is the EXIF orientation of `options.orientation`.
final class JPEGRowEncoder: ImageRowEncoder {
    private let encoder: OpaquePointer
    private let width: Int
    private let orientation: ImageOrientation
    private let colorProfile: ColorProfile?
    private let backdrop: SIMD3<Int32>
    /// A row composited over the background (rows with transparency only).
    private var flattened: [UInt8] = []

    /// Starts a JPEG of `size` (`cjpe_create`, `cjpe_start`).
    /// - Throws: `.invalidOptions` for a quality outside 0…1 (or NaN) or an empty size,
    ///   `.encodingFailed` with libjpeg's message.
    init(size: PixelSize, options: EncodeOptions) throws(ImageError) {
        guard options.quality >= 0, options.quality <= 1 else {
            throw .invalidOptions("JPEG quality must be within 0…1, got \(options.quality)")
        }
        guard size.width > 0, size.height > 0 else {
            throw .invalidOptions("cannot encode an empty \(size.width)×\(size.height) image")
        }
        guard let encoder = cjpe_create() else { throw .encodingFailed(format: .jpeg, message: "out of memory") }
        self.encoder = encoder
        width = size.width
        orientation = options.orientation
        colorProfile = options.colorProfile
        func channel(_ value: Double) -> Int32 { Int32(min(max(value, 0), 255).rounded()) }
        backdrop = SIMD3(channel(options.background.red), channel(options.background.green), channel(options.background.blue))
        let (lumaWidth, lumaHeight): (Int32, Int32) = switch options.chromaSubsampling {
        case .yuv420: (2, 2)
        case .yuv422: (2, 1)
        case .yuv440: (1, 2)
        case .yuv444: (1, 1)
        }
        let quality = Int32(max(1, (options.quality * 100).rounded()))
        guard cjpe_start(encoder, Int32(clamping: size.width), Int32(clamping: size.height), quality, lumaWidth, lumaHeight,
                         options.progressive ? 1 : 0, options.optimizesHuffmanTables ? 1 : 0) == 0
        else { throw failure }
    }

    /// Wraps `cjpe_destroy`.
    deinit { cjpe_destroy(encoder) }

    /// Compresses the next row (`cjpe_write_rows`), composited over the background if it has transparency.
    func consume(_ row: PixelRow) throws(ImageError) {
        guard row.pixels.count >= width * 4 else {
            throw .encodingFailed(format: .jpeg, message: "a row of \(row.width) pixels for an image \(width) wide")
        }
        let pixels = UnsafeBufferPointer(rebasing: row.pixels[0..<width * 4])
        let status = if PixelRow(y: row.y, pixels: pixels).isOpaque {
            cjpe_write_rows(encoder, pixels.baseAddress, pixels.count, 1)
        } else {
            flattenedRow(pixels).withUnsafeBufferPointer { cjpe_write_rows(encoder, $0.baseAddress, $0.count, 1) }
        }
        guard status == 0 else { throw failure }
    }

    /// Ends the file (`cjpe_finish`) and returns its bytes, with the orientation's EXIF segment and
    /// the color profile's APP2 markers.
    func finish() throws(ImageError) -> [UInt8] {
        var bytes: UnsafePointer<UInt8>? = nil
        var count = 0
        guard cjpe_finish(encoder, &bytes, &count) == 0, let bytes else { throw failure }
        let oriented = EXIFOrientationWriter.inserting(orientation, into: Array(UnsafeBufferPointer(start: bytes, count: count)))
        return colorProfile.map { JPEGICCProfile.inserting($0.bytes, into: oriented) } ?? oriented
    }

    /// The row with straight alpha composited over the background, rounded, and alpha 255.
    private func flattenedRow(_ pixels: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        flattened.removeAll(keepingCapacity: true)
        flattened.append(contentsOf: pixels)
        for offset in stride(from: 0, to: flattened.count, by: 4) {
            let alpha = Int32(flattened[offset + 3])
            let color = SIMD3(Int32(flattened[offset]), Int32(flattened[offset + 1]), Int32(flattened[offset + 2]))
            let blended = (color &* alpha &+ backdrop &* (255 - alpha) &+ 127) / 255
            for component in 0..<3 { flattened[offset + component] = UInt8(blended[component]) }
            flattened[offset + 3] = 255
        }
        return flattened
    }

    private var failure: ImageError {
        .encodingFailed(format: .jpeg, message: String(cString: cjpe_error_message(encoder)))
    }
}
