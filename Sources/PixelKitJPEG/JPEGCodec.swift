import PixelKit

/// JPEG for PixelKit: decodes through libjpeg(-turbo) row by row, encodes through TurboJPEG.
///
/// ```swift
/// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
/// var sink = MySink()
/// let report = try codecs.decode(.file(path: "photo.jpg"), options: .init(minimumSize: PixelSize(width: 1, height: 1)), into: &sink)
/// ```
///
/// Decoding uses libjpeg's defaults (accurate integer DCT, fancy upsampling), so full-size pixels are
/// those of `djpeg` and of libjpeg-turbo-based tools. A `minimumSize` selects the smallest n/8 scale
/// that still covers it. Gray images come out as R = G = B; Adobe CMYK/YCCK as R = ⌊C·K/255⌋ etc. (inverted
/// CMYK, as Adobe writes it, without a color profile);
/// alpha is always 255. Only 8-bit JPEGs are supported (12-bit throws `ImageError.unsupported`).
public struct JPEGCodec: ImageDecoder, ImageEncoder {
    public init() {}

    public var format: ImageFormat { .jpeg }
    public var fileExtension: String { "jpg" }

    /// A JPEG starts with SOI (FF D8) followed by a marker (FF).
    public var signatureLength: Int { 3 }

    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        leadingBytes.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// Reads the header (`jpeg_read_header`) and the EXIF orientation; decodes no pixels.
    /// - Throws: `ImageError` (`.limitExceeded` when the frame breaks `limits`).
    public func probe(_ source: ImageSource, limits: DecodingLimits) throws -> ImageInfo {
        try withDecompressor(for: source, limits: limits, strict: false) { (decompressor) throws(ImageError) in
            try Self.info(from: decompressor.readHeader(limits: limits), limits: limits)
        }
    }

    public func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws -> DecodeReport {
        try withDecompressor(for: source, limits: options.limits, strict: options.strictness == .strict) {
            (decompressor) throws(ImageError) in
            try JPEGRowDecoder.decode(with: &decompressor, options: options, into: &sink)
        }
    }

    public func encode(_ image: RGBAImage, options: EncodeOptions) throws -> [UInt8] {
        try TurboJPEGCompressor.compress(image, options: options)
    }

    /// The header's facts as `ImageInfo`, after checking the frame against `limits`.
    static func info(from header: JPEGHeader, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try limits.check(header.size)
        return ImageInfo(
            format: .jpeg, size: header.size,
            orientation: EXIFOrientationReader.orientation(fromTIFF: header.exif) ?? .up,
            bitDepth: header.bitDepth, hasAlpha: false, colorModel: header.colorModel,
            isProgressive: header.isProgressive)
    }

    /// Opens `source` (memory stays borrowed, a file is streamed) and runs `body` on the decompressor.
    private func withDecompressor<Result>(
        for source: ImageSource, limits: DecodingLimits, strict: Bool,
        _ body: (inout JPEGDecompressor) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        switch source {
        case .file(let path):
            var decompressor = try JPEGDecompressor(.file(path: path), maxMemoryBytes: limits.maxMemoryBytes, strict: strict)
            return try body(&decompressor)
        case .bytes(let bytes):
            guard !bytes.isEmpty else { throw .emptyInput }
            guard bytes.count <= limits.maxInputBytes else {
                throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limits.maxInputBytes))
            }
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> Result in
                var decompressor = try JPEGDecompressor(.memory(buffer), maxMemoryBytes: limits.maxMemoryBytes, strict: strict)
                return try body(&decompressor)
            }
        }
    }
}
