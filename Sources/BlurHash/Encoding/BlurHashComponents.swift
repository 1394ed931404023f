import PixelKit

/// An image's BlurHash before quantisation: the linear-light weight of each cosine basis function.
///
/// `coefficients[j · componentsX + i]` is the RGB weight of `cos(π·i·x/W) · cos(π·j·y/H)`. The first,
/// the DC term, is the image's mean in linear light (0…1 per channel); the others (AC) are on
/// roughly −1…1. `hash` quantises them exactly as the woltapp C reference encoder does.
///
/// Its JSON is `{"componentsX":4,"componentsY":3,"coefficients":[[r,g,b],…]}`; decoding checks that
/// the counts are 1…9 and that there are `componentsX · componentsY` coefficients.
public struct BlurHashComponents: Sendable, Hashable, Codable {
    /// Basis functions along x (1…9).
    public let componentsX: Int
    /// Basis functions along y (1…9).
    public let componentsY: Int
    /// Linear-light RGB weights, `componentsX · componentsY` of them, row-major by (j, i).
    public let coefficients: [SIMD3<Float>]

    init(componentsX: Int, componentsY: Int, coefficients: [SIMD3<Float>]) {
        self.componentsX = componentsX
        self.componentsY = componentsY
        self.coefficients = coefficients
    }

    /// The weight of basis function (i, j): `x` along the width, `y` along the height.
    /// - Precondition: `0..<componentsX ~= x`, `0..<componentsY ~= y`.
    public func coefficient(x: Int, y: Int) -> SIMD3<Float> {
        precondition((0..<componentsX).contains(x) && (0..<componentsY).contains(y), "component index out of range")
        return coefficients[y * componentsX + x]
    }

    /// The DC term: the image's mean color in linear light, each channel on 0…1.
    public var linearAverage: SIMD3<Float> { coefficients[0] }

    /// The image's average color (the DC term) re-encoded to sRGB, components on 0…255 with their
    /// fraction kept; alpha 255 (BlurHash ignores alpha). The hash stores it rounded to 8 bits.
    public var averageColor: RGBAColor {
        func encoded(_ value: Float) -> Double {
            SRGBTransfer.encoded(fromLinear: min(max(Double(value), 0), 1)) * 255
        }
        let dc = coefficients[0]
        return RGBAColor(red: encoded(dc.x), green: encoded(dc.y), blue: encoded(dc.z))
    }

    /// The BlurHash string, `4 + 2 · componentsX · componentsY` characters, bit-identical to the
    /// woltapp C reference encoder (`blurHashForPixels` in `C/encode.c`) given the same coefficients.
    public var hash: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(4 + 2 * coefficients.count)
        Base83.append((componentsX - 1) + (componentsY - 1) * 9, length: 1, to: &digits)

        let ac = coefficients.dropFirst()
        let maximumValue: Float
        if ac.isEmpty {
            maximumValue = 1
            Base83.append(0, length: 1, to: &digits)
        } else {
            // The reference takes the largest magnitude (with `fabsf`), not the largest signed value.
            var actualMaximum: Float = 0
            for value in ac {
                for channel in 0..<3 { actualMaximum = Float.maximum(abs(value[channel]), actualMaximum) }
            }
            let quantised = Int(Float.maximum(0, Float.minimum(82, ReferenceArithmetic.floorAsFloat(Double(actualMaximum * 166) - 0.5))))
            maximumValue = (Float(quantised) + 1) / 166
            Base83.append(quantised, length: 1, to: &digits)
        }

        let dc = coefficients[0]
        let dcValue = (ReferenceArithmetic.sRGB8(fromLinear: dc.x) << 16)
            + (ReferenceArithmetic.sRGB8(fromLinear: dc.y) << 8) + ReferenceArithmetic.sRGB8(fromLinear: dc.z)
        Base83.append(dcValue, length: 4, to: &digits)

        for value in ac {
            func quantise(_ channel: Float) -> Int {
                let root = ReferenceArithmetic.signPow(channel / maximumValue, 0.5) * 9
                return Int(Float.maximum(0, Float.minimum(18, ReferenceArithmetic.floorAsFloat(Double(root) + 9.5))))
            }
            Base83.append(quantise(value.x) * 19 * 19 + quantise(value.y) * 19 + quantise(value.z), length: 2, to: &digits)
        }
        return String(decoding: digits, as: UTF8.self)
    }
}

extension BlurHashComponents {
    private enum CodingKeys: String, CodingKey {
        case componentsX, componentsY, coefficients
    }

    /// Decodes the fields written by ``encode(to:)``.
    /// - Throws: `DecodingError.dataCorrupted` for counts outside 1…9 or the wrong number of coefficients.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let x = try container.decode(Int.self, forKey: .componentsX)
        let y = try container.decode(Int.self, forKey: .componentsY)
        let coefficients = try container.decode([SIMD3<Float>].self, forKey: .coefficients)
        guard (1...9).contains(x), (1...9).contains(y), coefficients.count == x * y else {
            throw DecodingError.dataCorruptedError(
                forKey: .coefficients, in: container,
                debugDescription: "\(coefficients.count) coefficients for \(x)×\(y) components (each 1…9)")
        }
        self.init(componentsX: x, componentsY: y, coefficients: coefficients)
    }

    /// Encodes the counts and the coefficients, each as `[r, g, b]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(componentsX, forKey: .componentsX)
        try container.encode(componentsY, forKey: .componentsY)
        try container.encode(coefficients, forKey: .coefficients)
    }
}
