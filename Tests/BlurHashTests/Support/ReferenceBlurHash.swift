#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line-by-line transcription of the woltapp C reference (`C/encode.c`, `C/decode.c`,
/// `C/common.h` at 0a1f978): one running float sum per component over every pixel, a `cosf` pair and
/// `powf` per sample, C's float/double promotions spelled out. Independent of the module's code; the
/// tests check the module against it bit for bit.
enum ReferenceBlurHash {
    static let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    /// `blurHashForPixels` on packed RGB8 rows; also returns the float factors.
    static func encode(componentsX: Int, componentsY: Int, width: Int, height: Int, rgb: [UInt8], bytesPerRow: Int)
        -> (hash: String, factors: [[Float]])
    {
        var factors: [[Float]] = []
        for y in 0..<componentsY {
            for x in 0..<componentsX {
                factors.append(multiplyBasisFunction(x, y, width, height, rgb, bytesPerRow))
            }
        }
        let dc = factors[0]
        let ac = factors.dropFirst().flatMap { $0 }
        var hash = encodeInt((componentsX - 1) + (componentsY - 1) * 9, 1)
        let maximumValue: Float
        if !ac.isEmpty {
            var actualMaximumValue: Float = 0
            for value in ac { actualMaximumValue = fmaxf(fabsf(value), actualMaximumValue) }
            let quantised = Int(fmaxf(0, fminf(82, floorf(Float(Double(actualMaximumValue * 166) - 0.5)))))
            maximumValue = (Float(quantised) + 1) / 166
            hash += encodeInt(quantised, 1)
        } else {
            maximumValue = 1
            hash += encodeInt(0, 1)
        }
        hash += encodeInt((linearTosRGB(dc[0]) << 16) + (linearTosRGB(dc[1]) << 8) + linearTosRGB(dc[2]), 4)
        for index in stride(from: 0, to: ac.count, by: 3) {
            func quant(_ v: Float) -> Int {
                Int(fmaxf(0, fminf(18, floorf(Float(Double(signPow(v / maximumValue, 0.5) * 9) + 9.5)))))
            }
            hash += encodeInt(quant(ac[index]) * 19 * 19 + quant(ac[index + 1]) * 19 + quant(ac[index + 2]), 2)
        }
        return (hash, factors)
    }

    private static func multiplyBasisFunction(
        _ xComponent: Int, _ yComponent: Int, _ width: Int, _ height: Int, _ rgb: [UInt8], _ bytesPerRow: Int
    ) -> [Float] {
        var r: Float = 0, g: Float = 0, b: Float = 0
        let normalisation: Float = (xComponent == 0 && yComponent == 0) ? 1 : 2
        for y in 0..<height {
            for x in 0..<width {
                let basis = cosf(Float(Double.pi * Double(xComponent) * Double(x) / Double(width)))
                    * cosf(Float(Double.pi * Double(yComponent) * Double(y) / Double(height)))
                r += basis * sRGBToLinear(Int(rgb[3 * x + 0 + y * bytesPerRow]))
                g += basis * sRGBToLinear(Int(rgb[3 * x + 1 + y * bytesPerRow]))
                b += basis * sRGBToLinear(Int(rgb[3 * x + 2 + y * bytesPerRow]))
            }
        }
        let scale = normalisation / Float(width * height)
        return [r * scale, g * scale, b * scale]
    }

    /// `decodeToArray` with a real-valued punch, RGB8 output.
    static func decode(_ hash: String, width: Int, height: Int, punch: Double) -> [UInt8] {
        let chars = Array(hash)
        func decodeToInt(_ start: Int, _ end: Int) -> Int {
            chars[start..<end].reduce(0) { $0 * 83 + characters.firstIndex(of: $1)! }
        }
        let sizeFlag = decodeToInt(0, 1)
        let numY = sizeFlag / 9 + 1
        let numX = sizeFlag % 9 + 1
        let maxValue = Float(decodeToInt(1, 2) + 1) / 166
        var colors: [[Float]] = []
        for iter in 0..<(numX * numY) {
            if iter == 0 {
                let value = decodeToInt(2, 6)
                colors.append([sRGBToLinear(value >> 16), sRGBToLinear((value >> 8) & 255), sRGBToLinear(value & 255)])
            } else {
                let value = decodeToInt(4 + iter * 2, 6 + iter * 2)
                let maximumValue = maxValue * Float(punch)
                colors.append([value / (19 * 19), (value / 19) % 19, value % 19].map {
                    signPow((Float($0) - 9) / 9, 2.0) * maximumValue
                })
            }
        }
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for j in 0..<numY {
                    for i in 0..<numX {
                        let basics = Float(cos((Double.pi * Double(x) * Double(i)) / Double(width))
                            * cos((Double.pi * Double(y) * Double(j)) / Double(height)))
                        let idx = i + j * numX
                        r += colors[idx][0] * basics
                        g += colors[idx][1] * basics
                        b += colors[idx][2] * basics
                    }
                }
                pixels += [r, g, b].map { UInt8(min(max(linearTosRGB($0), 0), 255)) }
            }
        }
        return pixels
    }

    static func linearTosRGB(_ value: Float) -> Int {
        let v = fmaxf(0, fminf(1, value))
        if Double(v) <= 0.0031308 { return Int(Double(v) * 12.92 * 255 + 0.5) }
        return Int((1.055 * Double(powf(v, Float(1 / 2.4 as Double))) - 0.055) * 255 + 0.5)
    }

    static func sRGBToLinear(_ value: Int) -> Float {
        let v = Float(value) / 255
        if Double(v) <= 0.04045 { return Float(Double(v) / 12.92) }
        return powf(Float((Double(v) + 0.055) / 1.055), Float(2.4 as Double))
    }

    static func signPow(_ value: Float, _ exp: Float) -> Float {
        copysignf(powf(fabsf(value), exp), value)
    }

    static func encodeInt(_ value: Int, _ length: Int) -> String {
        var divisor = 1
        for _ in 0..<(length - 1) { divisor *= 83 }
        var result = ""
        for _ in 0..<length {
            result.append(characters[(value / divisor) % 83])
            divisor /= 83
        }
        return result
    }
}
