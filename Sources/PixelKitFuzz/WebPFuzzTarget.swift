import PixelKit
import PixelKitWebP

/// WebP probe and decode through libwebp: full (strict and lenient), and scaled by libwebp's
/// rescaler to a small and a mid size (the fast-average and thumbnail paths).
enum WebPFuzzTarget {
    static let codec = WebPCodec()
    static let reduced = [
        DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), limits: FuzzCheck.limits),
        DecodeOptions(minimumSize: PixelSize(width: 33, height: 17), limits: FuzzCheck.limits),
    ]

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes, extraDecodes: reduced)
    }
}
