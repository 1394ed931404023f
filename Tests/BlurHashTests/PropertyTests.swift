import BlurHash
import PixelKit
import PixelKitTestSupport
import Testing

/// Identities the format guarantees, checked on many inputs.
@Suite struct PropertyTests {
    /// Re-quantising dequantised components gives the hash back whenever some AC channel is at an
    /// extreme (0 or 18), which pins the maximum: the quantiser is the exact inverse of the dequantiser.
    @Test func dequantiseThenQuantiseIsIdentity() throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        func digits(_ value: Int, _ length: Int) -> String {
            length == 1 ? String(alphabet[value]) : (0..<length).reversed().map { power in
                var divisor = 1
                for _ in 0..<power { divisor *= 83 }
                return String(alphabet[(value / divisor) % 83])
            }.joined()
        }
        for _ in 0..<500 {
            let x = Int.random(in: 1...9, using: &generator), y = Int.random(in: 1...9, using: &generator)
            let count = x * y - 1
            var ac = (0..<count).map { _ in Int.random(in: 0..<6859, using: &generator) }
            if count > 0 {
                // Put one channel of one AC term at an extreme.
                let index = Int.random(in: 0..<count, using: &generator)
                var channels = [ac[index] / 361, (ac[index] / 19) % 19, ac[index] % 19]
                channels[Int.random(in: 0..<3, using: &generator)] = Bool.random(using: &generator) ? 0 : 18
                ac[index] = channels[0] * 361 + channels[1] * 19 + channels[2]
            }
            let maximum = count > 0 ? Int.random(in: 0...82, using: &generator) : 0
            var hash = digits((x - 1) + (y - 1) * 9, 1) + digits(maximum, 1) + digits(Int.random(in: 0...0xFFFFFF, using: &generator), 4)
            for value in ac { hash += digits(value, 2) }
            let decoder = try BlurHashDecoder(hash: hash)
            #expect(try decoder.components().hash == hash)
        }
    }

    /// A uniform image: the DC is its color exactly (every 8-bit value survives sRGB → linear → sRGB),
    /// so `averageColor` of the hash is the color.
    @Test func uniformImageAverageIsItsColor() throws {
        let encoder = try BlurHashEncoder(componentsX: 1, componentsY: 1)
        for value in 0...255 {
            let v = UInt8(value)
            let color = (v, UInt8(255 - value), UInt8((value * 7) % 256))
            let hash = try encoder.hash(of: RGBAImage(width: 3, height: 5, filledWith: (color.0, color.1, color.2, 255)))
            let average = try BlurHashDecoder(hash: hash).averageColor
            #expect(average == RGBAColor(red: Double(color.0), green: Double(color.1), blue: Double(color.2)))
        }
    }

    /// A hash with only a DC term renders every 8-bit gray as itself (sRGB → linear → sRGB is exact on
    /// 8-bit values), which exercises the decoder's linear → sRGB table at all 256 levels.
    @Test func everyGrayLevelDecodesToItself() throws {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        for level in 0...255 {
            var value = level << 16 | level << 8 | level
            var digits = ""
            for _ in 0..<4 {
                digits = String(alphabet[value % 83]) + digits
                value /= 83
            }
            let image = try BlurHashDecoder(hash: "00" + digits).image(width: 2, height: 2)
            #expect(image.pixels == [UInt8](repeating: 0, count: 16).enumerated().map { $0.offset % 4 == 3 ? 255 : UInt8(level) })
        }
    }

    /// The DC term is the linear-light mean, as computed independently by PixelKit's
    /// `LinearLightAverager` (double precision): within rounding of one 8-bit step.
    @Test(arguments: ["blurhash/img1.jpg", "jpeg/libjpeg-turbo/testorig.jpg", "pngsuite/basn6a08.png"])
    func dcIsTheLinearLightMean(file: String) throws {
        let image = try Fixtures.image(file)
        let components = try BlurHashEncoder().components(of: image)
        var accumulator = LinearLightAverager(alphaPolicy: .ignored).makeAccumulator()
        accumulator.add(row: image.pixels.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[...]) })
        let expected = accumulator.result()
        let average = components.averageColor
        #expect(abs(average.red - expected.red) < 0.01 && abs(average.green - expected.green) < 0.01 && abs(average.blue - expected.blue) < 0.01)
        let stored = try BlurHashDecoder(hash: components.hash).averageColor
        #expect(abs(stored.red - expected.red) <= 0.5 + 1e-6 && abs(stored.green - expected.green) <= 0.5 + 1e-6 && abs(stored.blue - expected.blue) <= 0.5 + 1e-6)
    }

    /// Zero AC terms (all "fQ" = 9,9,9) decode to a flat image of the DC color at any size and punch.
    @Test func flatHashDecodesFlat() throws {
        let decoder = try BlurHashDecoder(hash: "L00000fQfQfQfQfQfQfQfQfQfQfQ".replacingDC(with: "9Eyb"))
        for punch in [0.0, 1, 3.5] {
            let image = try decoder.image(width: 7, height: 5, punch: punch)
            let first = Array(image.pixels[0..<4])
            #expect(stride(from: 0, to: image.pixels.count, by: 4).allSatisfy { Array(image.pixels[$0..<($0 + 4)]) == first })
            #expect(first == [UInt8(decoder.averageColor.red), UInt8(decoder.averageColor.green), UInt8(decoder.averageColor.blue), 255])
        }
    }

    /// Punch 0 removes every AC term: the image is the DC color everywhere.
    @Test func punchZeroIsTheAverage() throws {
        let decoder = try BlurHashDecoder(hash: "LaJHjmVu8_~po#smR+a~xaoLWCRj")
        let image = try decoder.image(width: 9, height: 4, punch: 0)
        let average = decoder.averageColor
        #expect(stride(from: 0, to: image.pixels.count, by: 4).allSatisfy {
            image.pixels[$0] == UInt8(average.red) && image.pixels[$0 + 1] == UInt8(average.green) && image.pixels[$0 + 2] == UInt8(average.blue)
        })
    }

    /// Decoding then encoding at the same component counts lands close to the original: the DC within
    /// one 8-bit step per channel (the decode is 8-bit, the basis not exactly orthogonal on the grid).
    @Test(arguments: ["LaJHjmVu8_~po#smR+a~xaoLWCRj", "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "L99jAfM{13EfnOxZI=It9~WV-PxF"])
    func decodeEncodeKeepsTheAverage(hash: String) throws {
        let decoder = try BlurHashDecoder(hash: hash)
        let image = try decoder.image(width: 64, height: 48)
        let again = try BlurHashDecoder(hash: try BlurHashEncoder(componentsX: 4, componentsY: 3).hash(of: image))
        for (a, b) in zip(decoder.averageColor.components, again.averageColor.components) { #expect(abs(a - b) <= 2) }
    }

    /// Mirroring the image left–right flips the sign of odd-x AC terms only approximately (the sampling
    /// is off by half a pixel), but the DC is unchanged: a sum over the same pixels (in another order,
    /// so equal after quantisation rather than bit for bit).
    @Test func mirroredImageKeepsTheDC() throws {
        var generator = SeededGenerator(seed: 3)
        let image = RGBAImage.generated(width: 61, height: 37) { x, y in
            (UInt8(truncatingIfNeeded: x * 4 + y), UInt8.random(in: 0...255, using: &generator), UInt8(truncatingIfNeeded: y * 6))
        }
        let mirrored = RGBAImage.generated(width: image.width, height: image.height) { x, y in
            let offset = (y * image.width + (image.width - 1 - x)) * 4
            return (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
        }
        let a = try BlurHashDecoder(hash: BlurHashEncoder().hash(of: image))
        let b = try BlurHashDecoder(hash: BlurHashEncoder().hash(of: mirrored))
        #expect(a.dcValue == b.dcValue)
    }
}

extension String {
    /// The hash with its DC digits (positions 2…5) replaced.
    fileprivate func replacingDC(with dc: String) -> String {
        String(prefix(2)) + dc + String(dropFirst(6))
    }
}
