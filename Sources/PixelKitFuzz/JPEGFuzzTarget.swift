import PixelKit
import PixelKitJPEG

/// JPEG probe and decode: full (strict and lenient), and 1/8 with the progressive DC shortcut on and off.
enum JPEGFuzzTarget {
    static let codec = JPEGCodec()
    static let eighth = PixelSize(width: 1, height: 1)
    static let reduced = [
        DecodeOptions(minimumSize: eighth, limits: FuzzCheck.limits),
        DecodeOptions(minimumSize: eighth, strictness: .strict, limits: FuzzCheck.limits),
        DecodeOptions(minimumSize: eighth, limits: FuzzCheck.limits, allowsProgressiveShortcut: false),
    ]

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes, extraDecodes: reduced)
    }
}
