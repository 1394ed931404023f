import BlurHash
import PixelKit

/// BlurHash parsing and rendering: a hash that parses has the length its size flag says, renders
/// at the requested size, and agrees with `isValid`.
enum BlurHashFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(256), as: UTF8.self)
        do throws(BlurHashError) {
            let hash = try BlurHashDecoder(hash: text)
            FuzzCheck.require(BlurHashDecoder.isValid(text), "parsed but isValid is false: \(text)")
            FuzzCheck.require(text.count == 4 + 2 * hash.componentsX * hash.componentsY, "length does not match the size flag")
            let image = try hash.image(width: 16, height: 9)
            FuzzCheck.require(image.width == 16 && image.height == 9, "rendered \(image.width)×\(image.height)")
            FuzzCheck.require(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }, "alpha not opaque")
        } catch {
            FuzzCheck.require(!BlurHashDecoder.isValid(text), "isValid but failed: \(error)")
        }
    }
}
