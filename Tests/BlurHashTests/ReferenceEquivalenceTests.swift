import BlurHash
import PixelKit
import PixelKitTestSupport
import Testing

/// The fast paths against a line-by-line transcription of the C reference (`ReferenceBlurHash`):
/// identical float coefficients, hashes and pixels on random inputs.
@Suite struct ReferenceEquivalenceTests {
    /// Random pictures: noise, smooth gradients, flat areas with edges.
    private static func randomImage(width: Int, height: Int, using generator: inout SeededGenerator) -> RGBAImage {
        let kind = Int.random(in: 0..<3, using: &generator)
        let seed = (UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator))
        var noise = generator
        return .generated(width: width, height: height) { x, y in
            switch kind {
            case 0:
                return (UInt8.random(in: 0...255, using: &noise), UInt8.random(in: 0...255, using: &noise), UInt8.random(in: 0...255, using: &noise))
            case 1:
                return (UInt8((x * 255) / max(width - 1, 1)), UInt8((y * 255) / max(height - 1, 1)), seed.0)
            default:
                return x < width / 2 ? (seed.0, 40, 200) : (seed.1, UInt8(y % 256), 10)
            }
        }
    }

    @Test func encoderMatchesReferenceOnRandomImages() throws {
        var generator = SeededGenerator(seed: 20_261_122)
        for _ in 0..<120 {
            let width = Int.random(in: 1...24, using: &generator), height = Int.random(in: 1...24, using: &generator)
            let x = Int.random(in: 1...9, using: &generator), y = Int.random(in: 1...9, using: &generator)
            let image = Self.randomImage(width: width, height: height, using: &generator)
            let reference = ReferenceBlurHash.encode(
                componentsX: x, componentsY: y, width: width, height: height, rgb: image.rgbBytes, bytesPerRow: width * 3)
            let components = try BlurHashEncoder(componentsX: x, componentsY: y).components(of: image)
            #expect(components.hash == reference.hash, "\(width)×\(height) image, \(x)×\(y) components")
            let ours = components.coefficients.map { [$0.x, $0.y, $0.z].map(\.bitPattern) }
            #expect(ours == reference.factors.map { $0.map(\.bitPattern) })
        }
    }

    /// Long running sums (where float rounding accumulates) on photos, and the most components.
    @Test(arguments: [("jpeg/libjpeg-turbo/testorig.jpg", 4, 3), ("pngsuite/basn6a08.png", 9, 9)])
    func encoderMatchesReferenceOnPhotos(file: String, x: Int, y: Int) throws {
        let image = try Fixtures.image(file)
        let reference = ReferenceBlurHash.encode(
            componentsX: x, componentsY: y, width: image.width, height: image.height, rgb: image.rgbBytes, bytesPerRow: image.width * 3)
        let components = try BlurHashEncoder(componentsX: x, componentsY: y).components(of: image)
        #expect(components.hash == reference.hash)
        #expect(components.coefficients.map { [$0.x, $0.y, $0.z].map(\.bitPattern) } == reference.factors.map { $0.map(\.bitPattern) })
    }

    /// Every pixel layout and row padding gives the same hash.
    @Test func pixelLayoutsAgree() throws {
        var generator = SeededGenerator(seed: 7)
        let image = Self.randomImage(width: 13, height: 7, using: &generator)
        let encoder = try BlurHashEncoder(componentsX: 5, componentsY: 2)
        let expected = try encoder.hash(of: image)
        let rgb = image.rgbBytes
        #expect(try encoder.hash(pixels: rgb, width: 13, height: 7, layout: .rgb) == expected)
        #expect(try encoder.hash(pixels: image.pixels, width: 13, height: 7, layout: .rgba) == expected)
        var bgra = image.pixels
        for offset in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(offset, offset + 2) }
        #expect(try encoder.hash(pixels: bgra, width: 13, height: 7, layout: .bgra) == expected)
        var padded: [UInt8] = []
        for row in 0..<7 { padded += rgb[(row * 39)..<((row + 1) * 39)] + [9, 9, 9, 9, 9] }
        #expect(try encoder.hash(pixels: padded, width: 13, height: 7, bytesPerRow: 44, layout: .rgb) == expected)
        // Alpha is ignored, as in the reference.
        var transparent = image.pixels
        for offset in stride(from: 3, to: transparent.count, by: 4) { transparent[offset] = UInt8.random(in: 0...255, using: &generator) }
        #expect(try encoder.hash(of: RGBAImage(width: 13, height: 7, pixels: transparent)) == expected)
    }

    @Test func decoderMatchesReferenceOnRandomHashes() throws {
        var generator = SeededGenerator(seed: 99)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        func digits(_ value: Int, _ length: Int) -> String {
            var result = "", divisor = 1
            for _ in 1..<max(length, 1) { divisor *= 83 }
            for _ in 0..<length {
                result.append(alphabet[(value / divisor) % 83])
                divisor /= 83
            }
            return result
        }
        for _ in 0..<150 {
            let x = Int.random(in: 1...9, using: &generator), y = Int.random(in: 1...9, using: &generator)
            var hash = digits((x - 1) + (y - 1) * 9, 1) + digits(Int.random(in: 0...82, using: &generator), 1)
                + digits(Int.random(in: 0...0xFFFFFF, using: &generator), 4)
            for _ in 1..<(x * y) { hash += digits(Int.random(in: 0..<6859, using: &generator), 2) }
            let width = Int.random(in: 1...40, using: &generator), height = Int.random(in: 1...40, using: &generator)
            let punch = [0, 0.5, 1, 1.7, 2, 3].randomElement(using: &generator)!
            let image = try BlurHashDecoder(hash: hash).image(width: width, height: height, punch: punch)
            #expect(image.rgbBytes == ReferenceBlurHash.decode(hash, width: width, height: height, punch: punch), "\(hash) \(width)×\(height) punch \(punch)")
        }
    }
}
