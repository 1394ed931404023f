import PixelKit
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitWebP
import PixelKitGIF

/// Format sniffing and probing through the registry, as a server handed unknown bytes does it.
enum RegistryFuzzTarget {
    static let registry = CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()])

    static func run(_ bytes: [UInt8]) {
        do {
            let decoder = try registry.decoder(for: .bytes(bytes))
            FuzzCheck.require(decoder.recognizes(Array(bytes.prefix(decoder.signatureLength))), "sniffed decoder does not recognise its bytes")
            _ = try registry.averageColor(of: bytes, options: AverageOptions(decoding: DecodeOptions(limits: FuzzCheck.limits)))
        } catch {
            FuzzCheck.expectTyped(error)
        }
    }
}
