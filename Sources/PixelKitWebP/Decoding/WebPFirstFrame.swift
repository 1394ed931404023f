import CWebP
import PixelKit

/// The first frame of an animated WebP file, found with libwebp's demuxer (`WebPDemux`,
/// `WebPDemuxGetFrame`).
struct WebPFirstFrame {
    /// The frame's own bitstream (its ALPH and VP8/VP8L chunks), copied out of the file.
    let fragment: [UInt8]
    /// Where the frame sits on the canvas, and its size.
    let offsetX: Int, offsetY: Int, size: PixelSize
    /// How many frames the animation has.
    let frameCount: Int
    /// Whether the frame's bitstream is lossless (libwebp then allocates a full-size work buffer).
    let isLossless: Bool

    /// - Throws: `ImageError.malformed` when the demuxer rejects the container or finds no frame.
    init(_ bytes: [UInt8]) throws(ImageError) {
        let found: Result<WebPFirstFrame, ImageError> = bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demuxer = WebPDemux(&data) else {
                return .failure(.malformed(format: .webp, message: "the demuxer rejected the animation container (WebPDemux)"))
            }
            defer { WebPDemuxDelete(demuxer) }
            var iterator = WebPIterator()
            guard WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 else {
                return .failure(.malformed(format: .webp, message: "the animation has no first frame (WebPDemuxGetFrame)"))
            }
            defer { WebPDemuxReleaseIterator(&iterator) }
            let fragment = Array(UnsafeBufferPointer(start: iterator.fragment.bytes, count: iterator.fragment.size))
            return .success(WebPFirstFrame(
                fragment: fragment, offsetX: Int(iterator.x_offset), offsetY: Int(iterator.y_offset),
                size: PixelSize(width: Int(iterator.width), height: Int(iterator.height)),
                frameCount: Int(iterator.num_frames)))
        }
        self = try found.get()
    }

    private init(fragment: [UInt8], offsetX: Int, offsetY: Int, size: PixelSize, frameCount: Int) {
        self.fragment = fragment
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.size = size
        self.frameCount = frameCount
        self.isLossless = (try? WebPHeader.features(fragment))?.format == 2
    }

    /// The frame placed on a transparent canvas of `canvas` size, as a viewer shows it first; libwebp
    /// may use a second thread when `threads` ≥ 2.
    func decodeOnCanvas(_ canvas: PixelSize, threads: Int, limits: DecodingLimits) throws(ImageError) -> RGBAImage {
        guard size.width > 0, size.height > 0, offsetX >= 0, offsetY >= 0,
              offsetX + size.width <= canvas.width, offsetY + size.height <= canvas.height else {
            throw .malformed(format: .webp, message: "the first frame (\(size) at \(offsetX),\(offsetY)) lies outside the \(canvas) canvas")
        }
        let canvasBytes = canvas.pixelCount * 4
        let frame = try WebPRowDecoder.decodePixels(
            fragment, size: size, outputSize: size, workBytes: canvasBytes + (isLossless ? size.pixelCount * 4 : 0), threads: threads, limits: limits)
        if frame.size == canvas { return frame }
        var pixels = [UInt8](repeating: 0, count: canvasBytes)
        let rowBytes = size.width * 4
        for y in 0..<size.height {
            let target = ((offsetY + y) * canvas.width + offsetX) * 4
            pixels.replaceSubrange(target..<target + rowBytes, with: frame.pixels[y * rowBytes..<(y + 1) * rowBytes])
        }
        return RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
    }
}
