import BlurHash
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette

/// Several results from one decode (issue 39): the strict average, BlurHash, palette and 256-px
/// thumbnail of the 12 MP JPEG and PNG, each alone and all four from one `results(of:…)` pass, in
/// the child process (in-process time) and as whole `pixelkit` processes (`analyze` against each
/// single command). Goal: the one pass ≤ 1.25× the most expensive result alone.
enum SharedDecodeBenchmark: ProcessJob {
    static let name = "shared-decode"
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    static let strict = DecodeOptions(strictness: .strict)
    static let thumbnail = ThumbnailOptions(maxPixelSize: 256, decoding: strict)

    /// The in-process results alone, and the whole-process commands alone, that the one pass is compared with.
    static let singles = ["average", "blurhash", "palette", "thumbnail"]
    static let commandSingles = singles.map { "command-" + $0 }

    static let methods: [BenchMethod] = [
        BenchMethod(name: "one-pass", summary: "results(of:) strict: average, BlurHash, palette and a 256-px thumbnail from one decode"),
        BenchMethod(name: "average", summary: "averageColor, strict, fast (JPEG 1/8)"),
        BenchMethod(name: "blurhash", summary: "blurHash, strict, 4×3 on a ≥ 128 px decode"),
        BenchMethod(name: "palette", summary: "palette, strict, fast"),
        BenchMethod(name: "thumbnail", summary: "Thumbnailer, strict, 256 px JPEG"),
        BenchMethod(name: "command-analyze", summary: "whole process: pixelkit analyze --strict --max-pixel-size 256 -o DIR"),
        BenchMethod(name: "command-average", summary: "whole process: pixelkit average --strict"),
        BenchMethod(name: "command-blurhash", summary: "whole process: pixelkit blurhash encode --strict"),
        BenchMethod(name: "command-palette", summary: "whole process: pixelkit palette --strict"),
        BenchMethod(name: "command-thumbnail", summary: "whole process: pixelkit thumbnail --strict --max-pixel-size 256 -o DIR"),
    ]

    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput] {
        catalog.generated.filter {
            switch $0.kind {
            case .jpegBaseline(let megapixels): megapixels == 12
            case .pngPhoto: true
            default: false
            }
        }
    }

    static func prepare(method: String, input: String) throws -> () throws -> String {
        switch method {
        case "one-pass":
            return {
                // Two decode threads, as the Thumbnailer gives a lone image on ≥ 2 cores (same pixels).
                let (average, blurHash, palette, made) = try codecs.results(
                    of: input, decoding: DecodeOptions(strictness: .strict, maxThreads: 2),
                    AverageOptions(), BlurHashFileOptions(), PaletteOptions(), thumbnail)
                return "\(average.color.hex) \(blurHash.hash) \(palette.source.hex) \(made.size)"
            }
        case "average": return { try codecs.averageColor(of: input, options: AverageOptions(decoding: strict)).color.hex }
        case "blurhash": return { try codecs.blurHash(of: input, options: BlurHashFileOptions(decoding: strict)).hash }
        case "palette": return { try codecs.palette(of: input, options: PaletteOptions(decoding: strict)).source.hex }
        case "thumbnail": return { "\(try Thumbnailer(codecs: codecs, options: thumbnail).thumbnail(of: input).size)" }
        default:
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("shared-decode-\(getpid())").path
            let arguments: [String] = switch method {
            case "command-analyze": ["analyze", "--strict", "--max-pixel-size", "256", "-o", output, input]
            case "command-average": ["average", "--strict", input]
            case "command-blurhash": ["blurhash", "encode", "--strict", input]
            case "command-palette": ["palette", "--strict", input]
            case "command-thumbnail": ["thumbnail", "--strict", "--max-pixel-size", "256", "-o", output, input]
            default: throw BenchError.unknownMethod(job: name, method: method)
            }
            let program = try StartUpBenchmark.program(for: "pixelkit")
            return {
                try WholeProcess.run(program, arguments)
                return arguments[0]
            }
        }
    }

    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck] {
        func goal(_ combined: String, _ singles: [String], _ what: String) -> GoalCheck? {
            guard let all = figures[combined] else { return nil }
            let alone = singles.compactMap { figures[$0] }
            guard let slowest = alone.max(by: { $0.stats.median < $1.stats.median }) else { return nil }
            let ratio = all.ratio(to: slowest)
            return GoalCheck(
                text: "\(what): average + BlurHash + palette + 256-px thumbnail in one pass ≤ 1.25× the slowest alone",
                met: ratio.median <= 1.25,
                // CPU time as well: on a loaded machine it moves far less than the wall time between rounds.
                measured: String(format: "%.2f× %@ (rounds %.2f…%.2f; %.1f ms against %.1f ms; CPU %.2f×)", ratio.median, slowest.method,
                                 ratio.minimum, ratio.maximum, all.stats.median / 1e6, slowest.stats.median / 1e6,
                                 all.stats.cpuMedian / slowest.stats.cpuMedian))
        }
        return [goal("one-pass", singles, "in-process"), goal("command-analyze", commandSingles, "whole process")].compactMap { $0 }
    }
}
