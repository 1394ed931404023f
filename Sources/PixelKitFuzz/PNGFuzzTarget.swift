import PixelKit
import PixelKitPNG

/// PNG probe and row-streaming decode, strict and lenient.
enum PNGFuzzTarget {
    static let codec = PNGCodec()

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes)
    }
}
