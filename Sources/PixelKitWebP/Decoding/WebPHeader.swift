import CWebP
import PixelKit

/// The RIFF signature and the facts `WebPGetFeatures` reads from the first chunks.
enum WebPHeader {
    static let signatureLength = 12
    /// How much of a file the header read takes first; the VP8/VP8L/VP8X headers sit well inside it.
    static let probeBytes = 64 << 10

    /// `RIFF`, four size bytes, `WEBP`.
    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    /// Where the data that `bytes` begin with ends, as its header declares — a RIFF container, or a
    /// bare `VP8 `/`VP8L` chunk (which libwebp also decodes): the size field plus the 8 bytes before
    /// it — or nil for anything else.
    static func declaredEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8, ["RIFF", "VP8 ", "VP8L"].contains(where: { bytes.starts(with: Array($0.utf8)) }) else { return nil }
        let size = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        return size + 8
    }

    /// The bitstream features of `bytes` (`WebPGetFeatures`).
    static func features(_ bytes: [UInt8]) throws(ImageError) -> WebPBitstreamFeatures {
        // `withUnsafeBytes` rethrows untyped errors: carry the typed one out in a `Result`.
        try bytes.withUnsafeBytes { buffer in Result { () throws(ImageError) in try features(buffer) } }.get()
    }

    /// The bitstream features of `bytes` (`WebPGetFeatures`), read in place.
    static func features(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> WebPBitstreamFeatures {
        guard !bytes.isEmpty else { throw .emptyInput }
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &features)
        guard status == VP8_STATUS_OK else { throw WebPStatus.error(status, "reading the header") }
        return features
    }

    /// The image facts for `features`, after checking the canvas size against `limits`.
    static func info(_ features: WebPBitstreamFeatures, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        let size = PixelSize(width: Int(features.width), height: Int(features.height))
        try limits.check(size)
        let hasAlpha = features.has_alpha != 0
        let lossy = features.format == 1
        return ImageInfo(
            format: .webp, size: size, orientation: .up, bitDepth: 8, hasAlpha: hasAlpha,
            colorModel: hasAlpha ? .rgba : (lossy ? .ycbcr : .rgb), isProgressive: false)
    }
}
