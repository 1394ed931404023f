import PixelKit
@_spi(Testing) import PixelKitJPEG

/// JPEG probe and decode: full (strict and lenient), 1/8 with the progressive DC shortcut on and off,
/// and the split decoder at 1/8, 1/4 and 1/2, whose two threads must give what its one thread gives.
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
        for eighths in [1, 2, 4] {
            compareSplitDecoding(bytes, scale: JPEGScale(eighths: eighths))
        }
    }

    /// The split decoder on one thread and on two: both leave the file to libjpeg, both fail with a
    /// typed error, or both give the same pixels and warnings.
    static func compareSplitDecoding(_ bytes: [UInt8], scale: JPEGScale) {
        func decode(threads: Int) -> Result<JPEGSplitDecodeResult?, ImageError> {
            Result { () throws(ImageError) in
                try codec.decodeWithSplitDecoder(bytes, scale: scale, threads: threads, limits: FuzzCheck.limits)
            }
        }
        switch (decode(threads: 1), decode(threads: 2)) {
        case (.success(let alone?), .success(let split?)):
            FuzzCheck.require(split.image == alone.image, "split decoding changed the pixels at \(scale)")
            FuzzCheck.require(split.warnings == alone.warnings, "split decoding changed the warnings at \(scale)")
        case (.failure(let alone), .failure(let split)):
            FuzzCheck.require(split == alone, "one thread failed with \(alone), two with \(split) at \(scale)")
        case (.success(nil), .success(nil)):
            break
        case (let alone, let split):
            FuzzCheck.require(false, "one thread gave \(alone), two gave \(split) at \(scale)")
        }
    }
}
