import PixelKit
import PixelKitJPEG

/// JPEG probe and decode: full and 1/8, strict and lenient, with the shortcut on and off.
enum JPEGFuzzTarget {
    static let codec = JPEGCodec()

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
        let eighth = PixelSize(width: 1, height: 1)
        FuzzCheck.decodeChecked(codec, bytes, options: DecodeOptions(minimumSize: eighth, limits: FuzzCheck.limits))
        FuzzCheck.decodeChecked(codec, bytes, options: DecodeOptions(minimumSize: eighth, limits: FuzzCheck.limits, allowsProgressiveShortcut: false))
    }
}
