import PixelKit

/// What the codec targets share: probe, then decode lenient and strict (identical pixels when both
/// succeed, unless `strictMatchesLenient` is false), then any codec-specific extra decodes.
enum CodecFuzzTarget {
    static func run(
        _ codec: some ImageDecoder, _ bytes: [UInt8], limits: DecodingLimits = FuzzCheck.limits,
        extraDecodes: [DecodeOptions] = [], strictMatchesLenient: Bool = true
    ) {
        do {
            let info = try codec.probe(.bytes(bytes), limits: limits)
            FuzzCheck.require(info.size.pixelCount <= limits.maxPixelCount, "probe admitted \(info.size)")
        } catch {
            FuzzCheck.expectTyped(error)
            return
        }
        let lenient = FuzzCheck.decodeChecked(codec, bytes, options: DecodeOptions(strictness: .lenient, limits: limits))
        let strict = FuzzCheck.decodeChecked(codec, bytes, options: DecodeOptions(strictness: .strict, limits: limits))
        if let strict, strictMatchesLenient { FuzzCheck.require(strict == lenient, "strict and lenient decodes differ on clean data") }
        for options in extraDecodes { FuzzCheck.decodeChecked(codec, bytes, options: options) }
    }
}
