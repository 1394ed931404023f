import PixelKit
import PixelKitHEIF

/// HEIF/HEIC/AVIF probe and decode through libheif: full (strict and lenient) and reduced (the
/// embedded-thumbnail path, which must still deliver at least the minimum size or the primary image).
///
/// Strict and lenient pixels are not compared: the first fuzz run found a damaged HEVC stream
/// (`fuzz-regressions/heif/crash-1e6ca2f3…`) that libheif 1.15/libde265 1.0.11 decode without an
/// error or warning into pixels that depend on uninitialised heap memory (they change with
/// `MALLOC_PERTURB_`, and between the first and second decode in one process), so two decodes of
/// one damaged file may differ whatever the mode. Every other invariant still holds.
///
/// Its limits are smaller than the other targets': each input decodes three times, and libde265
/// under AddressSanitizer takes seconds per megapixel of damaged HEVC, which at 4 MP passed
/// libFuzzer's 10 s timeout. The invariants do not depend on the size.
enum HEIFFuzzTarget {
    static let codec = HEIFCodec()
    static let limits = DecodingLimits(maxPixelCount: 1_000_000, maxDimension: 4096, maxChunkBytes: 1 << 20, maxMemoryBytes: 32 << 20)
    static let reduced = [DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), limits: limits)]

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes, limits: limits, extraDecodes: reduced, strictMatchesLenient: false)
    }
}
