import PixelKit
@_spi(Testing) import PixelKitPNG

/// PNG probe and row-streaming decode, strict and lenient; and when both succeed, row streaming
/// (with our Adam7 assembly) gives the same pixels as libspng's one-shot decode.
enum PNGFuzzTarget {
    static let codec = PNGCodec()

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes)
        var collector = RGBAImageCollector()
        let streamed = try? codec.decode(.bytes(bytes), options: DecodeOptions(strictness: .strict, limits: FuzzCheck.limits), into: &collector)
        do {
            let whole = try codec.decodeWholeImage(bytes, limits: FuzzCheck.limits)
            if streamed != nil { FuzzCheck.require(collector.image == whole, "row streaming and one-shot decode differ") }
        } catch {
            FuzzCheck.expectTyped(error)
        }
    }
}
