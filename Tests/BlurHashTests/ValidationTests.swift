import BlurHash
import PixelKit
import PixelKitTestSupport
import Testing

/// Strict parsing: every malformed hash is rejected with the fault and its position.
@Suite struct ValidationTests {
    /// Every invalid hash in the shared vectors is rejected.
    @Test(arguments: Fixtures.vectors.invalid_hashes)
    func sharedInvalidHashes(_ invalid: BlurHashVectors.Invalid) {
        #expect(throws: BlurHashError.self) { try BlurHashDecoder(hash: invalid.hash) }
        #expect(!BlurHashDecoder.isValid(invalid.hash))
    }

    @Test func specificErrors() {
        #expect(throws: BlurHashError.emptyHash) { try BlurHashDecoder(hash: "") }
        #expect(throws: BlurHashError.hashTooShort(length: 3)) { try BlurHashDecoder(hash: "???") }
        #expect(throws: BlurHashError.invalidLength(length: 27, expected: 28, componentsX: 4, componentsY: 3)) {
            try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdn")
        }
        #expect(throws: BlurHashError.invalidLength(length: 29, expected: 28, componentsX: 4, componentsY: 3)) {
            try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdnjX")
        }
        // Characters outside base 83, wherever they are: the first one is named with its position.
        #expect(throws: BlurHashError.invalidCharacter("!", position: 5)) { try BlurHashDecoder(hash: "LEHV6!WB2yk8pyo0adR*.7kCMdnj") }
        #expect(throws: BlurHashError.invalidCharacter(" ", position: 27)) { try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdn ") }
        #expect(throws: BlurHashError.invalidCharacter("é", position: 1)) { try BlurHashDecoder(hash: "Lé") }
        #expect(throws: BlurHashError.invalidCharacter("\"", position: 0)) { try BlurHashDecoder(hash: "\"EHV6nWB2yk8pyo0adR*.7kCMdnj") }
        // Size flags 81 ("~" is 82, "}" is 81) mean 10 rows of components.
        #expect(throws: BlurHashError.invalidSizeFlag("}", componentsX: 1, componentsY: 10)) { try BlurHashDecoder(hash: "}00000" + String(repeating: "00", count: 9)) }
        #expect(throws: BlurHashError.invalidSizeFlag("~", componentsX: 2, componentsY: 10)) { try BlurHashDecoder(hash: "~00000") }
        // DC above 0xFFFFFF ("~~~~" is 83⁴ − 1).
        #expect(throws: BlurHashError.dcOutOfRange(value: 83 * 83 * 83 * 83 - 1, position: 2)) { try BlurHashDecoder(hash: "00~~~~") }
        // AC pairs above 19³ − 1 = 6858 ("~q" = 82·83 + 52): "~r" is 6859, "~~" is 6888. Flag "2" is 3×1 components.
        #expect(throws: BlurHashError.acOutOfRange(value: 6888, position: 8)) { try BlurHashDecoder(hash: "20FFFF00~~") }
        #expect(throws: BlurHashError.acOutOfRange(value: 6859, position: 6)) { try BlurHashDecoder(hash: "20FFFF~r00") }
        #expect(BlurHashDecoder.isValid("20FFFF~q00"))
    }

    /// A long string is refused without reading it all, and nothing crashes on odd input.
    @Test func longAndOddStrings() {
        let long = String(repeating: "0", count: 1_000_000)
        #expect(throws: BlurHashError.self) { try BlurHashDecoder(hash: long) }
        for odd in ["\0\0\0\0\0\0", "L\u{301}EHV6nWB2yk8pyo0adR*.7kCMdnj", "🙂🙂🙂🙂🙂🙂", "000000", "LEHV6nWB2yk8pyo0adR*.7kCMdnj\n"] {
            _ = try? BlurHashDecoder(hash: odd).image(width: 3, height: 2)
        }
        #expect(BlurHashDecoder.isValid("000000"))
    }

    /// Random strings over the alphabet plus a few strangers never crash; whatever parses also decodes.
    @Test func randomStringsNeverCrash() throws {
        var generator = SeededGenerator(seed: 0xB10B)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~ !é\0")
        var parsed = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            var text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if Bool.random(using: &generator), length >= 4 {
                // Often give it a consistent size flag and length, so deeper checks run.
                let x = Int.random(in: 1...4, using: &generator), y = Int.random(in: 1...4, using: &generator)
                let flag = alphabet[(x - 1) + (y - 1) * 9]
                text = String(flag) + String((0..<(3 + 2 * x * y)).map { _ in alphabet[Int.random(in: 0..<83, using: &generator)] })
            }
            if let decoder = try? BlurHashDecoder(hash: text) {
                parsed += 1
                let image = try decoder.image(width: 5, height: 4, punch: Double.random(in: 0...4, using: &generator))
                #expect(image.pixels.count == 80)
            }
        }
        #expect(parsed > 100)
    }

    @Test func outputSizeAndPunch() throws {
        let decoder = try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(throws: BlurHashError.invalidOutputSize(width: 0, height: 10, maxPixelCount: BlurHashDecoder.defaultMaxPixelCount)) {
            try decoder.image(width: 0, height: 10)
        }
        #expect(throws: BlurHashError.invalidOutputSize(width: -3, height: 10, maxPixelCount: BlurHashDecoder.defaultMaxPixelCount)) {
            try decoder.image(width: -3, height: 10)
        }
        #expect(throws: BlurHashError.invalidOutputSize(width: 5000, height: 5000, maxPixelCount: BlurHashDecoder.defaultMaxPixelCount)) {
            try decoder.image(width: 5000, height: 5000)
        }
        #expect(throws: BlurHashError.invalidOutputSize(width: Int.max, height: Int.max, maxPixelCount: 100)) {
            try decoder.image(width: Int.max, height: Int.max, maxPixelCount: 100)
        }
        #expect(throws: BlurHashError.invalidPunch(-1)) { try decoder.image(width: 4, height: 4, punch: -1) }
        #expect(throws: BlurHashError.self) { try decoder.image(width: 4, height: 4, punch: .nan) }
        #expect(throws: BlurHashError.invalidPunch(.infinity)) { try decoder.image(width: 4, height: 4, punch: .infinity) }
    }

    @Test func encoderArguments() throws {
        #expect(throws: BlurHashError.componentsOutOfRange(x: 0, y: 3)) { try BlurHashEncoder(componentsX: 0, componentsY: 3) }
        #expect(throws: BlurHashError.componentsOutOfRange(x: 4, y: 10)) { try BlurHashEncoder(componentsX: 4, componentsY: 10) }
        let encoder = try BlurHashEncoder()
        #expect(throws: BlurHashError.emptyImage(width: 0, height: 0)) { try encoder.hash(of: RGBAImage(width: 0, height: 0, pixels: [])) }
        #expect(throws: BlurHashError.pixelBufferTooSmall(byteCount: 11, required: 12)) {
            try encoder.hash(pixels: [UInt8](repeating: 0, count: 11), width: 2, height: 2, layout: .rgb)
        }
        // Padded rows: the last row needs only its pixels, not the padding.
        #expect(throws: Never.self) { try encoder.hash(pixels: [UInt8](repeating: 0, count: 16), width: 2, height: 2, bytesPerRow: 10, layout: .rgb) }
        #expect(throws: BlurHashError.invalidBytesPerRow(5, minimum: 6)) {
            try encoder.hash(pixels: [UInt8](repeating: 0, count: 64), width: 2, height: 2, bytesPerRow: 5, layout: .rgb)
        }
        #expect(throws: BlurHashError.self) { try encoder.hash(pixels: [1, 2, 3], width: Int.max, height: 2, layout: .rgb) }
    }

    @Test func incompleteRowStream() throws {
        var accumulator = BlurHashAccumulator(encoder: try BlurHashEncoder())
        accumulator.begin(size: PixelSize(width: 2, height: 3))
        let row: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 255]
        row.withUnsafeBufferPointer { accumulator.consume(PixelRow(y: 0, pixels: $0)) }
        #expect(throws: BlurHashError.incompleteImage(rowsReceived: 1, height: 3)) { try accumulator.components() }
    }

    @Test func messagesNameThePosition() {
        #expect(BlurHashError.invalidCharacter("!", position: 5).description.contains("position 5"))
        #expect(BlurHashError.acOutOfRange(value: 6859, position: 6).description.contains("6"))
        #expect(BlurHashError.invalidLength(length: 27, expected: 28, componentsX: 4, componentsY: 3).description.contains("28"))
    }
}
