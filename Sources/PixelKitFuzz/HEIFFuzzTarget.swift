import PixelKit
import PixelKitHEIF

/// HEIF/HEIC/AVIF probe and decode through libheif: full (strict and lenient) and reduced (the
/// embedded-thumbnail path, which must still deliver at least the minimum size or the primary image).
enum HEIFFuzzTarget {
    static let codec = HEIFCodec()
    static let reduced = [DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), limits: FuzzCheck.limits)]

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes, extraDecodes: reduced)
    }
}
