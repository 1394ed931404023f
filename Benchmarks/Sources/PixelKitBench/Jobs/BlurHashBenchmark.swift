import BlurHash
import Layout  // SplitMix64
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG

/// BlurHash: encode 4×3 on a generated 512×512 image and decode 32×32, each against a straightforward
/// per-component implementation of the woltapp C reference algorithm (`BlurHashBaseline`, below),
/// with identical output asserted (goal: ≥ 5× faster); and the end-to-end encode of a 12 MP JPEG
/// (the benchmark's generated `photo-12mp.jpg`), reduced by default and at full resolution.
struct BlurHashBenchmark: MicroBenchmarkJob {
    static let name = "blurhash"

    struct OutputMismatch: Error, CustomStringConvertible {
        var description: String
    }

    static func run(quick: Bool) throws -> [MicroResult] {
        var results = try encode(quick: quick)
        results += try decode(quick: quick)
        results += try endToEnd(quick: quick)
        return results
    }

    // MARK: Encode 4×3, 512×512

    private static func encode(quick: Bool) throws -> [MicroResult] {
        let image = generatedImage(width: 512, height: 512)
        let encoder = try BlurHashEncoder(componentsX: 4, componentsY: 3)
        let rgb = rgbBytes(image)
        let fastHash = try encoder.hash(of: image)
        let baselineHash = BlurHashBaseline.encode(componentsX: 4, componentsY: 3, width: 512, height: 512, rgb: rgb)
        guard fastHash == baselineHash else {
            throw OutputMismatch(description: "blurhash encode: \(fastHash) ≠ baseline \(baselineHash)")
        }
        let fast = try measure(iterations: quick ? 5 : 30, warmup: 2) { blackHole(try encoder.hash(of: image)) }
        let baseline = measure(iterations: quick ? 1 : 5, warmup: quick ? 0 : 1) {
            blackHole(BlurHashBaseline.encode(componentsX: 4, componentsY: 3, width: 512, height: 512, rgb: rgb))
        }
        return comparison(task: "encode 4×3, 512×512 RGBA", unit: "ns/encode", fast: fast, baseline: baseline, output: fastHash)
    }

    // MARK: Decode 32×32

    private static func decode(quick: Bool) throws -> [MicroResult] {
        let hash = "LaJHjmVu8_~po#smR+a~xaoLWCRj"
        let decoder = try BlurHashDecoder(hash: hash)
        let fastPixels = rgbBytes(try decoder.image(width: 32, height: 32))
        let baselinePixels = BlurHashBaseline.decode(hash, width: 32, height: 32, punch: 1)
        guard fastPixels == baselinePixels else { throw OutputMismatch(description: "blurhash decode: pixels differ from the baseline") }
        let count = 20
        let fast = try measure(iterations: quick ? 10 : 50, warmup: 3, operationsPerCall: count) {
            for _ in 0..<count { blackHole(try decoder.image(width: 32, height: 32)) }
        }
        let baseline = measure(iterations: quick ? 5 : 20, warmup: 1, operationsPerCall: count) {
            for _ in 0..<count { blackHole(BlurHashBaseline.decode(hash, width: 32, height: 32, punch: 1)) }
        }
        return comparison(task: "decode 32×32 (\(hash))", unit: "ns/decode", fast: fast, baseline: baseline, output: nil)
    }

    private static func comparison(task: String, unit: String, fast: TimingStats, baseline: TimingStats, output: String?) -> [MicroResult] {
        let speedUp = baseline.median / fast.median
        var notes = [String(format: "×%.1f vs baseline (median %.3f ms), output identical", speedUp, baseline.median / 1e6)]
        if let output { notes.append(output) }
        return [
            MicroResult(job: name, name: task, stats: fast, unit: unit,
                        goal: "≥ 5× faster than the per-component reference, identical output", goalMet: speedUp >= 5, notes: notes),
            MicroResult(job: name, name: "\(task): per-component reference baseline", stats: baseline, unit: unit),
        ]
    }

    // MARK: 12 MP JPEG end to end

    private static func endToEnd(quick: Bool) throws -> [MicroResult] {
        let source = InputCatalog.samplesFolder.appendingPathComponent("exif-orientation/Landscape_1.jpg").path
        let inputs = try SyntheticInputs.ensure(source: source, quick: true) { _ in }
        guard let photo = inputs.first(where: { $0.kind == .jpegBaseline(megapixels: 12) }) else { return [] }
        let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
        let reduced = try codecs.blurHash(of: photo.path)
        let reducedStats = try measure(iterations: quick ? 3 : 15, warmup: 1) {
            blackHole(try codecs.blurHash(of: photo.path))
        }
        let full = try codecs.blurHash(of: photo.path, options: .fullResolution())
        let fullStats = try measure(iterations: quick ? 1 : 5, warmup: quick ? 0 : 1) {
            blackHole(try codecs.blurHash(of: photo.path, options: .fullResolution()))
        }
        return [
            MicroResult(
                job: name, name: "encode 4×3 from a 12 MP JPEG file (default: scaled decode + \(BlurHashFileOptions.defaultWorkingSize) px grid)",
                stats: reducedStats, unit: "ns/file",
                notes: ["decoded \(reduced.decodedSize), hashed \(reduced.encodedSize): \(reduced.hash)"]),
            MicroResult(
                job: name, name: "encode 4×3 from a 12 MP JPEG file (full resolution)", stats: fullStats, unit: "ns/file",
                notes: ["\(full.hash)"]),
        ]
    }

    // MARK: Inputs

    /// A deterministic 512×512 test card: smooth gradients, a disc, and grain.
    private static func generatedImage(width: Int, height: Int) -> RGBAImage {
        var random = SplitMix64(seed: 0xB1_0B)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - width / 3), dy = Double(y - height / 2)
                let inDisc = dx * dx + dy * dy < Double(width * width) / 16
                let grain = Int(random.next() % 17) - 8
                let offset = (y * width + x) * 4
                let r = inDisc ? 230 : x * 255 / width
                let g = inDisc ? 90 : y * 255 / height
                let b = inDisc ? 40 : 255 - (x + y) * 255 / (width + height)
                pixels[offset] = UInt8(clamping: r + grain)
                pixels[offset + 1] = UInt8(clamping: g + grain)
                pixels[offset + 2] = UInt8(clamping: b + grain)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func rgbBytes(_ image: RGBAImage) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(image.width * image.height * 3)
        for offset in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[offset..<(offset + 3)] }
        return bytes
    }
}

/// The baseline: the woltapp C reference (`C/encode.c`, `C/decode.c` at 0a1f978) transcribed
/// straightforwardly — for each component a pass over every pixel with two cosines per pixel and
/// `powf` per sample (encode), two `cos` per pixel and component (decode) — in the same float/double
/// arithmetic, so its output is the reference's and must equal ours bit for bit.
enum BlurHashBaseline {
    private static let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    static func encode(componentsX: Int, componentsY: Int, width: Int, height: Int, rgb: [UInt8]) -> String {
        var factors: [[Float]] = []
        for y in 0..<componentsY {
            for x in 0..<componentsX {
                factors.append(multiplyBasisFunction(x, y, width, height, rgb))
            }
        }
        let ac = factors.dropFirst().flatMap { $0 }
        var hash = encodeInt((componentsX - 1) + (componentsY - 1) * 9, 1)
        var maximumValue: Float = 1
        if ac.isEmpty {
            hash += encodeInt(0, 1)
        } else {
            var actualMaximumValue: Float = 0
            for value in ac { actualMaximumValue = fmaxf(fabsf(value), actualMaximumValue) }
            let quantised = Int(fmaxf(0, fminf(82, floorf(Float(Double(actualMaximumValue * 166) - 0.5)))))
            maximumValue = (Float(quantised) + 1) / 166
            hash += encodeInt(quantised, 1)
        }
        hash += encodeInt((linearTosRGB(factors[0][0]) << 16) + (linearTosRGB(factors[0][1]) << 8) + linearTosRGB(factors[0][2]), 4)
        for index in stride(from: 0, to: ac.count, by: 3) {
            func quant(_ v: Float) -> Int { Int(fmaxf(0, fminf(18, floorf(Float(Double(signPow(v / maximumValue, 0.5) * 9) + 9.5))))) }
            hash += encodeInt(quant(ac[index]) * 19 * 19 + quant(ac[index + 1]) * 19 + quant(ac[index + 2]), 2)
        }
        return hash
    }

    private static func multiplyBasisFunction(_ xComponent: Int, _ yComponent: Int, _ width: Int, _ height: Int, _ rgb: [UInt8]) -> [Float] {
        var r: Float = 0, g: Float = 0, b: Float = 0
        let normalisation: Float = (xComponent == 0 && yComponent == 0) ? 1 : 2
        for y in 0..<height {
            for x in 0..<width {
                let basis = cosf(Float(Double.pi * Double(xComponent) * Double(x) / Double(width)))
                    * cosf(Float(Double.pi * Double(yComponent) * Double(y) / Double(height)))
                let offset = 3 * (x + y * width)
                r += basis * sRGBToLinear(Int(rgb[offset]))
                g += basis * sRGBToLinear(Int(rgb[offset + 1]))
                b += basis * sRGBToLinear(Int(rgb[offset + 2]))
            }
        }
        let scale = normalisation / Float(width * height)
        return [r * scale, g * scale, b * scale]
    }

    static func decode(_ hash: String, width: Int, height: Int, punch: Float) -> [UInt8] {
        let chars = Array(hash)
        func decodeToInt(_ start: Int, _ end: Int) -> Int {
            chars[start..<end].reduce(0) { $0 * 83 + (characters.firstIndex(of: $1) ?? 0) }
        }
        let sizeFlag = decodeToInt(0, 1)
        let numY = sizeFlag / 9 + 1, numX = sizeFlag % 9 + 1
        let maxValue = Float(decodeToInt(1, 2) + 1) / 166
        var colors: [[Float]] = []
        for iter in 0..<(numX * numY) {
            if iter == 0 {
                let value = decodeToInt(2, 6)
                colors.append([sRGBToLinear(value >> 16), sRGBToLinear((value >> 8) & 255), sRGBToLinear(value & 255)])
            } else {
                let value = decodeToInt(4 + iter * 2, 6 + iter * 2)
                colors.append([value / (19 * 19), (value / 19) % 19, value % 19].map { signPow((Float($0) - 9) / 9, 2) * (maxValue * punch) })
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for j in 0..<numY {
                    for i in 0..<numX {
                        let basics = Float(cos((Double.pi * Double(x) * Double(i)) / Double(width)) * cos((Double.pi * Double(y) * Double(j)) / Double(height)))
                        let idx = i + j * numX
                        r += colors[idx][0] * basics
                        g += colors[idx][1] * basics
                        b += colors[idx][2] * basics
                    }
                }
                let offset = 3 * (x + y * width)
                pixels[offset] = UInt8(min(max(linearTosRGB(r), 0), 255))
                pixels[offset + 1] = UInt8(min(max(linearTosRGB(g), 0), 255))
                pixels[offset + 2] = UInt8(min(max(linearTosRGB(b), 0), 255))
            }
        }
        return pixels
    }

    private static func linearTosRGB(_ value: Float) -> Int {
        let v = fmaxf(0, fminf(1, value))
        if Double(v) <= 0.0031308 { return Int(Double(v) * 12.92 * 255 + 0.5) }
        return Int((1.055 * Double(powf(v, Float(1 / 2.4 as Double))) - 0.055) * 255 + 0.5)
    }

    private static func sRGBToLinear(_ value: Int) -> Float {
        let v = Float(value) / 255
        if Double(v) <= 0.04045 { return Float(Double(v) / 12.92) }
        return powf(Float((Double(v) + 0.055) / 1.055), Float(2.4 as Double))
    }

    private static func signPow(_ value: Float, _ exp: Float) -> Float { copysignf(powf(fabsf(value), exp), value) }

    private static func encodeInt(_ value: Int, _ length: Int) -> String {
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
