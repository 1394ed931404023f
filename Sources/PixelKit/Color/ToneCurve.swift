import PixelKitPlatform

/// An ICC tone curve (`curv` or `para`) mapping a device component to linear light, both on 0…1.
/// Evaluated as lcms2 does; the curve's table stays in the profile's bytes (never copied, so no
/// memory is sized by the profile).
struct ToneCurve {
    private enum Kind {
        case identity
        case gamma(Double)
        case table(offset: Int, count: Int)
        case parametric(type: Int, parameters: [Double])
    }

    private let kind: Kind
    private let reader: ICCBytes

    /// The number of parameters of `para` function types 0…4 (ICC.1:2010 table 68).
    private static let parameterCounts = [1, 3, 4, 5, 7]
    /// Type signature (4) + reserved (4): where every tag type's data begins.
    private static let tagHeaderByteCount = 8

    /// Reads the curve of `tag` in `profile`.
    init(tag signature: String, in profile: ColorProfile) throws(ColorProfileError) {
        guard let tag = profile.tag(signature) else { throw .missingTag(signature) }
        let reader = ICCBytes(bytes: profile.bytes)
        self.reader = reader
        let type = try reader.signature(at: tag.offset)
        let body = tag.offset + Self.tagHeaderByteCount
        switch type {
        case "curv":
            guard tag.size >= 12 else { throw .invalidCurve(tag: signature, detail: "\(tag.size)-byte curv tag") }
            let count = Int(try reader.uint32(at: body))
            guard count <= (tag.size - 12) / 2 else {
                throw .invalidCurve(tag: signature, detail: "\(count) entries declared in a \(tag.size)-byte tag")
            }
            switch count {
            case 0: kind = .identity
            case 1: kind = .gamma(Double(try reader.uint16(at: body + 4)) / 256)
            default: kind = .table(offset: body + 4, count: count)
            }
        case "para":
            let function = Int(try reader.uint16(at: body))
            guard function < Self.parameterCounts.count else {
                throw .invalidCurve(tag: signature, detail: "unknown parametric function type \(function)")
            }
            let count = Self.parameterCounts[function]
            guard tag.size >= 12 + 4 * count else {
                throw .invalidCurve(tag: signature, detail: "\(count) parameters do not fit a \(tag.size)-byte tag")
            }
            var parameters: [Double] = []
            for index in 0..<count { parameters.append(try reader.s15Fixed16(at: body + 4 + 4 * index)) }
            kind = .parametric(type: function, parameters: parameters)
        default:
            throw .unsupportedTagType(tag: signature, type: type)
        }
    }

    /// Linear light of component `x` (0…1), clamped to 0…1 as lcms2's integer pipelines do.
    func evaluate(_ x: Double) -> Double {
        let value: Double
        switch kind {
        case .identity: value = x
        case .gamma(let gamma): value = Self.power(x, gamma)
        case .table(let offset, let count):
            let position = x * Double(count - 1)
            let index = min(Int(position), count - 2)
            let fraction = position - Double(index)
            // Offsets were checked against the tag's size when the curve was read.
            let low = Double((try? reader.uint16(at: offset + 2 * index)) ?? 0)
            let high = Double((try? reader.uint16(at: offset + 2 * index + 2)) ?? 0)
            value = (low + (high - low) * fraction) / 65535
        case .parametric(let type, let p):
            value = Self.parametric(type: type, p, x)
        }
        return value.isFinite ? min(max(value, 0), 1) : 0
    }

    /// `base` raised to `exponent`, 0 where the base is not positive (as lcms2's evaluator).
    private static func power(_ base: Double, _ exponent: Double) -> Double {
        base > 0 ? pow(base, exponent) : 0
    }

    /// ICC parametric functions 0…4 with parameters g, a, b, c, d, e, f.
    private static func parametric(type: Int, _ p: [Double], _ x: Double) -> Double {
        let g = p[0]
        switch type {
        case 0: return power(x, g)
        case 1:
            guard abs(p[1]) >= 1e-6 else { return 0 }
            return x >= -p[2] / p[1] ? power(p[1] * x + p[2], g) : 0
        case 2:
            guard abs(p[1]) >= 1e-6 else { return 0 }
            return x >= -p[2] / p[1] ? power(p[1] * x + p[2], g) + p[3] : p[3]
        case 3:
            return x >= p[4] ? power(p[1] * x + p[2], g) : p[3] * x
        default:
            return x >= p[4] ? power(p[1] * x + p[2], g) + p[5] : p[3] * x + p[6]
        }
    }
}
