import PixelKit
import PixelKitPNG

/// PNG probe and row-streaming decode, strict and lenient.
enum PNGFuzzTarget {
    static let codec = PNGCodec()

    static func run(_ bytes: [UInt8]) {
        do {
            let info = try codec.probe(.bytes(bytes), limits: FuzzCheck.limits)
            FuzzCheck.require(info.size.pixelCount <= FuzzCheck.limits.maxPixelCount, "probe admitted \(info.size)")
        } catch {
            FuzzCheck.expectTyped(error)
            return
        }
        let lenient = FuzzCheck.decodeChecked(codec, bytes, options: DecodeOptions(strictness: .lenient, limits: FuzzCheck.limits))
        let strict = FuzzCheck.decodeChecked(codec, bytes, options: DecodeOptions(strictness: .strict, limits: FuzzCheck.limits))
        if let strict { FuzzCheck.require(strict == lenient, "strict and lenient decodes differ on clean data") }
    }
}
