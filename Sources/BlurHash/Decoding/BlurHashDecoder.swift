import PixelKit

/// A validated BlurHash, ready to be rendered at any size.
///
/// ```swift
/// let blur = try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
/// let placeholder = try blur.image(width: 32, height: 32)    // RGBAImage, alpha 255
/// print(blur.averageColor.hex)                                // "#8AA4B1"
/// ```
///
/// Parsing is strict, unlike the reference decoders: every character must be a base-83 digit, the
/// length must match the size flag, and the DC and AC digits must encode values in range. Pixels are
/// those of the woltapp C reference decoder (`decodeToArray` in `C/decode.c`) for the same `punch`,
/// computed with cosine tables instead of two `cos` calls per pixel and component.
public struct BlurHashDecoder: Sendable, Hashable {
    /// The hash as given.
    public let hash: String
    /// Basis functions along the width (1…9).
    public let componentsX: Int
    /// Basis functions along the height (1…9).
    public let componentsY: Int
    /// The quantised maximum AC magnitude (0…82): the AC terms scale to `(value + 1) / 166`.
    public let quantisedMaximum: Int
    /// The DC term as stored: 8-bit sRGB red, green, blue packed as `0xRRGGBB`.
    public let dcValue: Int
    /// The AC terms as stored: `red · 19² + green · 19 + blue`, each channel 0…18 (9 is zero).
    public let acValues: [Int]

    /// The largest `width × height` the decoding methods accept by default (2048 × 2048): a
    /// placeholder is meant to be decoded small and scaled by the UI.
    public static let defaultMaxPixelCount = 2048 * 2048

    /// Parses and validates a hash.
    /// - Throws: `BlurHashError`, naming the fault and its character position: `.emptyHash`,
    ///   `.invalidCharacter`, `.hashTooShort`, `.invalidSizeFlag`, `.invalidLength`, `.dcOutOfRange`, `.acOutOfRange`.
    public init(hash: String) throws(BlurHashError) {
        guard !hash.isEmpty else { throw .emptyHash }
        // The longest valid hash (9×9) has 166 characters; don't scan further than needed to say so.
        let longest = 4 + 2 * 81
        var digits: [Int] = []
        digits.reserveCapacity(min(hash.utf8.count, longest + 1))
        for (position, character) in hash.enumerated() {
            guard let value = Base83.value(of: character) else { throw .invalidCharacter(character, position: position) }
            digits.append(value)
            if digits.count > longest { break }
        }
        guard digits.count >= 6 else { throw .hashTooShort(length: digits.count) }
        let sizeFlag = digits[0]
        let componentsY = sizeFlag / 9 + 1
        let componentsX = sizeFlag % 9 + 1
        guard componentsY <= 9 else {
            throw .invalidSizeFlag(hash[hash.startIndex], componentsX: componentsX, componentsY: componentsY)
        }
        let expected = 4 + 2 * componentsX * componentsY
        guard digits.count == expected else {
            throw .invalidLength(length: digits.count > longest ? hash.count : digits.count, expected: expected,
                                 componentsX: componentsX, componentsY: componentsY)
        }
        let dcValue = Base83.number(digits[2..<6])
        guard dcValue <= 0xFFFFFF else { throw .dcOutOfRange(value: dcValue, position: 2) }
        var acValues: [Int] = []
        acValues.reserveCapacity(componentsX * componentsY - 1)
        for position in stride(from: 6, to: expected, by: 2) {
            let value = Base83.number(digits[position..<(position + 2)])
            guard value < 19 * 19 * 19 else { throw .acOutOfRange(value: value, position: position) }
            acValues.append(value)
        }
        self.hash = hash
        self.componentsX = componentsX
        self.componentsY = componentsY
        self.quantisedMaximum = digits[1]
        self.dcValue = dcValue
        self.acValues = acValues
    }

    /// Whether `hash` is a valid BlurHash (`init(hash:)` would succeed).
    public static func isValid(_ hash: String) -> Bool {
        (try? BlurHashDecoder(hash: hash)) != nil
    }

    /// The image's average color as stored in the DC term: 8-bit sRGB components (whole numbers on
    /// 0…255), alpha 255. It is the mean of the encoded image in linear light.
    public var averageColor: RGBAColor {
        RGBAColor(red: Double(dcValue >> 16), green: Double((dcValue >> 8) & 255), blue: Double(dcValue & 255))
    }

    /// The dequantised coefficients, AC terms scaled by `punch` (as the reference: `(q − 9)/9` squared
    /// with its sign, times `(quantisedMaximum + 1)/166 · punch`, in float).
    /// - Throws: `BlurHashError.invalidPunch` for a negative or non-finite punch.
    public func components(punch: Double = 1) throws(BlurHashError) -> BlurHashComponents {
        guard punch.isFinite, punch >= 0 else { throw .invalidPunch(punch) }
        let maximumValue = Float(quantisedMaximum + 1) / 166 * Float(punch)
        var coefficients: [SIMD3<Float>] = []
        coefficients.reserveCapacity(1 + acValues.count)
        coefficients.append(SIMD3(
            ReferenceArithmetic.linearTable[dcValue >> 16], ReferenceArithmetic.linearTable[(dcValue >> 8) & 255],
            ReferenceArithmetic.linearTable[dcValue & 255]))
        for value in acValues {
            func dequantise(_ quantised: Int) -> Float {
                ReferenceArithmetic.signPow((Float(quantised) - 9) / 9, 2) * maximumValue
            }
            coefficients.append(SIMD3(dequantise(value / (19 * 19)), dequantise((value / 19) % 19), dequantise(value % 19)))
        }
        return BlurHashComponents(componentsX: componentsX, componentsY: componentsY, coefficients: coefficients)
    }

    /// Renders the placeholder as an RGBA image (alpha 255).
    /// - Parameters:
    ///   - width: Output width in pixels (≥ 1). 20–32 is plenty; let the UI scale it.
    ///   - height: Output height in pixels (≥ 1).
    ///   - punch: Contrast of the AC terms: 1 is as encoded, larger is more contrasty, 0 is the flat average.
    ///   - maxPixelCount: The largest `width × height` accepted.
    /// - Throws: `BlurHashError.invalidOutputSize` or `.invalidPunch`.
    public func image(
        width: Int, height: Int, punch: Double = 1, maxPixelCount: Int = defaultMaxPixelCount
    ) throws(BlurHashError) -> RGBAImage {
        var collector = RGBAImageCollector()
        try decode(width: width, height: height, punch: punch, maxPixelCount: maxPixelCount, into: &collector)
        return collector.image
    }

    /// Renders the placeholder row by row into `sink` (RGBA8 rows, alpha 255), stopping early if the
    /// sink is satisfied. Parameters as in `image(width:height:punch:maxPixelCount:)`.
    /// - Throws: `BlurHashError.invalidOutputSize` or `.invalidPunch`.
    public func decode<Sink: RowSink>(
        width: Int, height: Int, punch: Double = 1, maxPixelCount: Int = defaultMaxPixelCount, into sink: inout Sink
    ) throws(BlurHashError) {
        let size = PixelSize(width: width, height: height)
        guard width > 0, height > 0, size.pixelCount <= maxPixelCount else {
            throw .invalidOutputSize(width: width, height: height, maxPixelCount: maxPixelCount)
        }
        let renderer = BlurHashRenderer(components: try components(punch: punch), width: width, height: height)
        sink.begin(size: size)
        var row = [UInt8](repeating: 255, count: width * 4)
        for y in 0..<height {
            renderer.render(row: y, into: &row)
            row.withUnsafeBufferPointer { sink.consume(PixelRow(y: y, pixels: $0)) }
            if sink.isSatisfied { break }
        }
    }

    /// Renders the placeholder and encodes it with `encoder` (e.g. `PNGCodec()`), returning the file's bytes.
    /// - Throws: `BlurHashError` for the size or punch, `ImageError` from the encoder.
    public func encodedImage(
        width: Int, height: Int, punch: Double = 1, using encoder: any ImageEncoder, options: EncodeOptions = .init()
    ) throws -> [UInt8] {
        try encoder.encode(image(width: width, height: height, punch: punch), options: options)
    }
}
