import CJXL
import PixelKit

/// Reads JPEG XL files with libjxl: a PixelKit codec written outside PixelKit, against its public
/// plug-in protocol only. Register it beside the built-in codecs:
///
/// ```swift
/// let codecs = CodecRegistry(decoders: [JPEGCodec(), PNGCodec(), JXLCodec()])
/// let average = try codecs.averageColor(of: .file(path: "photo.jxl"))
/// ```
///
/// - **Header once**: ``open(_:options:)`` runs libjxl up to the basic info and the color encoding;
///   the ``Session`` keeps the decoder and continues from there.
/// - **Orientation** is reported in `ImageInfo.orientation`; the pixels are delivered as stored
///   (`JxlDecoderSetKeepOrientation`), and PixelKit applies the orientation where asked.
/// - **Limits** are checked from the basic info before any pixel buffer is allocated: the size,
///   the pixels per input byte, and the memory (the output and libjxl's working memory,
///   ``workingBytesPerPixel``) against `DecodingLimits.maxMemoryBytes` and its `MemoryBudget`.
/// - **Work budget**: the input is fed to libjxl in bounded chunks, and the deadline and task
///   cancellation are checked between them.
/// - **Strictness**: a truncated file is `.truncated` in strict mode; in lenient mode the rows
///   libjxl can render from what arrived are delivered (the rest transparent) with a warning.
/// - **Fast reduced decode**: when `DecodeOptions.minimumSize` is at most 1/8 of the image on both
///   sides (lenient decodes), only the DC (1/8) pass of a VarDCT image is decoded, and the image is
///   delivered at 1/8 scale. libjxl 0.7 renders that pass only at full size, which costs half to
///   two thirds of a full decode on detailed files and more than a whole one on smooth ones (measured
///   by `jxl-bench`, see the package's README). See ``Session/decode(options:into:)``.
/// - **Threads**: `DecodeOptions.maxThreads` ≥ 2 (given to ``open(_:options:)``) decodes with a
///   libjxl thread pool of that many threads; the pixels are the same.
/// - **Color**: ``Session/colorProfile`` is the color encoding of the delivered pixels, as libjxl
///   states it (an enumerated encoding, or an ICC profile).
///
/// Animations deliver their first frame; `ImageInfo.frames` is 1 (libjxl does not count frames
/// without decoding them).
public struct JXLCodec: ImageDecoder {
    /// A codec with no settings: every decode is configured by its `DecodeOptions`.
    public init() {}

    /// ``PixelKit/ImageFormat/jxl``.
    public var format: ImageFormat { .jxl }

    /// The container's signature box is 12 bytes; a bare codestream starts with 2.
    public var signatureLength: Int { 12 }

    /// Whether the bytes start a JPEG XL codestream (`FF 0A`) or container, by `JxlSignatureCheck`.
    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        let signature = leadingBytes.withUnsafeBufferPointer { JxlSignatureCheck($0.baseAddress, $0.count) }
        return signature == JXL_SIG_CODESTREAM || signature == JXL_SIG_CONTAINER
    }

    /// What libjxl 0.7 may allocate while decoding, per pixel of the stored size, besides the
    /// RGBA output: reserved from the memory limit before the decode. libjxl renders group by
    /// group, so it holds far less than a float frame: measured (peak RSS of `jxl-average --exact`
    /// less that of a 0.4 MP decode), 2.75 bytes a pixel for a 12 MP VarDCT file, 2 for 3 MP VarDCT,
    /// 1.6 for 3 MP lossless (`cjxl -d 0 -e 2`). 8 leaves room for files that keep more.
    public static let workingBytesPerPixel = 8

    /// Opens `source`: reads its header (basic info and color encoding) once, within `options`'
    /// limits, strictness and deadline, and keeps libjxl's decoder for the session's decode.
    /// - Throws: `ImageError`: `.limitExceeded` for a size or input past the limits, `.truncated`
    ///   for a file that ends within its header, `.malformed` naming what libjxl refused,
    ///   `.emptyInput`, `.file`, `.cancelled`.
    public func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        try Session(source, options: options)
    }
}
