import PixelKit

/// HEIF, HEIC and AVIF reading through libheif: register it with
/// `CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec()])`.
///
/// **What is decoded.** The primary image, with the file's transformations (`irot` rotation,
/// `imir` mirroring, `clap` crop) applied by libheif; alpha when the file has an alpha plane (an
/// AVIF alpha plane coded in limited range is expanded to full range, as libavif does);
/// 10- and 12-bit images reduced to 8 bits by libheif (`convert_hdr_to_8bit`). HEVC-coded files
/// (HEIC) decode through libheif's libde265 plugin, AV1-coded files (AVIF) only where libheif has an
/// AV1 decoder plugin — otherwise `ImageError.unsupported(format:feature:)` names the missing plugin.
/// Files whose major brand or only codec brands are AV1 report ``PixelKit/ImageFormat/avif``,
/// the rest ``PixelKit/ImageFormat/heif``.
///
/// **Orientation.** `PixelKit.ImageInfo.size` is the size after the transformations and the
/// orientation is always `PixelKit.ImageOrientation.up`: HEIF's own boxes define the orientation,
/// and an EXIF orientation tag in the file's metadata is not applied on top (HEIF writers must keep
/// it consistent with `irot`/`imir`; libheif and libvips ignore it too).
///
/// **Loading.** libheif is opened (`dlopen`) the first time a HEIF file is probed or decoded, not
/// when the program starts: a program that registers `HEIFCodec` but meets only JPEG and PNG files
/// never loads libheif and its codec libraries. Where libheif 1.15 or later is not installed, HEIF
/// files get `ImageError.unsupported(format:feature:)` saying what could not be loaded; sniffing
/// (``recognizes(_:)``) never needs libheif.
///
/// **Limits.** libheif needs the whole file in memory: it is read whole, once, bounded by
/// `DecodingLimits.maxInputBytes`, and parsed once by ``open(_:options:)``, whose ``Session``
/// keeps the bytes, libheif's context and the primary image for ``Session/decode(options:into:)``. libheif 1.15's own size limit is set from `maxDimension`; the
/// pixel count and the memory the decode needs (coded planes and the interleaved output) are
/// checked from the image handle before anything is decoded.
///
/// **Reduced decoding.** When `DecodeOptions.minimumSize` is set and the primary image has an
/// embedded thumbnail (a `thmb` reference, as phones write) at least that large in both directions
/// with the same aspect ratio, the smallest such thumbnail is decoded instead: the fast average and
/// small thumbnails then never touch the full image. A thumbnail that fails to decode is replaced by
/// the primary image, with a warning. Otherwise (and always with `minimumSize == nil`, or in strict
/// mode, whose verdict must be the primary image's: Docs/Security.md, "One verdict") the primary
/// image is decoded at full size.
///
/// **Damage.** Errors carry libheif's message: `ImageError.truncated(format:message:)` for data
/// that ends early, `ImageError.unsupported(format:feature:)` for features libheif cannot decode,
/// `ImageError.malformed(format:message:)` otherwise. In strict mode libheif's strict decoding is
/// on; in lenient mode the warnings libheif attaches to the image are returned.
public struct HEIFCodec: ImageDecoder {
    /// A HEIF codec; it has no settings.
    public init() {}

    /// ``PixelKit/ImageFormat/heif`` (AVIF files report ``PixelKit/ImageFormat/avif`` in their `PixelKit.ImageInfo`).
    public var format: ImageFormat { .heif }
    /// The `ftyp` box with its major brand and up to eight compatible brands.
    public var signatureLength: Int { HEIFBrand.signatureLength }

    /// Whether the bytes open with an ISO-BMFF `ftyp` box naming a HEIF brand: `heic`, `heix`,
    /// `hevc`, `hevx` (and the multi-layer `heim`, `heis`, `hevm`, `hevs`), `mif1`, `msf1`,
    /// `mif2`, `mif3`, `miaf`, `avif`, `avis`, `avio`.
    public func recognizes(_ leadingBytes: [UInt8]) -> Bool {
        HEIFBrand.isHEIF(leadingBytes)
    }

    /// Opens `source` for one decode, reading its header once: the whole file into memory (bounded
    /// by `options.limits.maxInputBytes`), an image sequence's frame count from its boxes, then
    /// libheif's parse of it (`heif_context_read_from_memory_without_copy`) and the primary image's
    /// handle, whose size (transformations applied), bit depth and alpha are the facts, checked
    /// against `options.limits`. The session keeps all of it (see ``Session``).
    /// - Throws: `ImageError` — `.limitExceeded` when the size breaks the limits, `.malformed`,
    ///   `.truncated` or `.unsupported` with libheif's message, `.emptyInput`, `.file`.
    public func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        try options.checkInterruption()
        return try Session(reading: source, limits: options.limits, threads: options.maxThreads)
    }
}
