import Foundation
import PixelKit
import PixelKitGIF
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette
import PixelKitWebP

/// Issue 43's decode bombs, one input per class, each about 1 MB and written at run time by
/// `Scripts/decode-bombs --write` (the one generator; that script also measures the commands
/// whole-process): every command that decodes, in-process with the command line's defaults, against
/// the goal "an input of at most 1 MB finishes, decoded or refused, within 2 s of CPU and 300 MB".
enum DecodeBombJob: ProcessJob {
    static let name = "bombs"
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()])
    static let goalCPUNanoseconds = 2e9
    static let goalPeakBytes = 300 << 20

    /// The bombs, one per class: the file `Scripts/decode-bombs` writes and its row's label.
    static let bombs: [(file: String, label: String)] = [
        ("grid-4096-references.heic", "bomb: HEIF grid, one tile named 4,096 times"),
        ("progressive-cmyk-57-scans.jpg", "bomb: progressive CMYK JPEG, 57 scans"),
        ("rgba16.png", "bomb: 16-bit RGBA 8000×8000 PNG"),
        ("rgba16-interlaced.png", "bomb: 16-bit RGBA 8000×8000 PNG, interlaced"),
        ("lossless-alpha.webp", "bomb: lossless 8000×8000 WebP with alpha"),
        ("one-color-5700.gif", "bomb: 5700×5700 GIF of one color (32 pixels per byte, decoded)"),
    ]

    static let methods: [BenchMethod] = [
        BenchMethod(name: "average", summary: "averageColor, fast (the command line's `average`), lenient"),
        BenchMethod(name: "average-exact", summary: "averageColor, exact: every pixel at full resolution (`average --exact`)"),
        BenchMethod(name: "palette", summary: "palette (`palette`)"),
        BenchMethod(name: "thumbnail-256", summary: "a 256 px JPEG thumbnail (`thumbnail --max-pixel-size 256`)"),
    ]

    static var folder: URL { SyntheticInputs.cacheFolder.appendingPathComponent("decode-bombs") }

    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput] {
        let missing = bombs.filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.file).path) }
        if !missing.isEmpty {
            let script = InputCatalog.samplesFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Scripts/decode-bombs").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, "--write", folder.path] + missing.map(\.file)
            process.standardOutput = FileHandle.nullDevice
            // A bomb that could not be written has no row; the report says which.
            guard (try? process.run()) != nil else { return [] }
            process.waitUntilExit()
        }
        return bombs.map { BenchInput(label: $0.label, path: folder.appendingPathComponent($0.file).path, kind: .decodeBomb) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// A refusal is a result here, not a failure: it is what a bomb should get.
    static func prepare(method: String, input: String) throws -> () throws -> String {
        let operation: () throws(ImageError) -> String
        switch method {
        case "average": operation = { () throws(ImageError) in try codecs.averageColor(of: input).color.hex }
        case "average-exact": operation = { () throws(ImageError) in try codecs.averageColor(of: input, options: AverageOptions(accuracy: .exact)).color.hex }
        case "palette": operation = { () throws(ImageError) in try codecs.palette(of: input).source.hex }
        case "thumbnail-256":
            let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 256))
            operation = { () throws(ImageError) in "\(try thumbnailer.thumbnail(of: input).data.count) bytes" }
        default: throw BenchError.unknownMethod(job: name, method: method)
        }
        return {
            do throws(ImageError) { return "decoded \(try operation())" } catch { return "refused: \(error.kind)" }
        }
    }

    /// One row per bomb: its worst command's CPU time (the slowest run) and peak memory against the goal.
    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck] {
        guard !figures.isEmpty else { return [] }
        let measured = methods.compactMap { method in figures[method.name].map { (method.name, $0) } }
        let worstCPU = measured.max { ($0.1.stats.cpuSamples.max() ?? 0) < ($1.1.stats.cpuSamples.max() ?? 0) }!
        let worstPeak = measured.max { $0.1.peakRSS < $1.1.peakRSS }!
        let cpu = worstCPU.1.stats.cpuSamples.max() ?? .infinity
        let missing = methods.count - measured.count
        return [GoalCheck(
            text: "≤ 1 MB input (\(input.label.dropFirst(6))) finishes, decoded or refused, within 2 s CPU and 300 MB on every command",
            met: missing == 0 && cpu <= goalCPUNanoseconds && worstPeak.1.peakRSS <= goalPeakBytes,
            measured: String(format: "worst CPU %.2f s (%@), worst peak %.0f MB (%@)%@", cpu / 1e9, worstCPU.0,
                             Double(worstPeak.1.peakRSS) / 1048576, worstPeak.0, missing > 0 ? "; \(missing) command(s) failed" : ""))]
    }
}
