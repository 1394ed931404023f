import Foundation
import PixelKit
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitWebP

/// What a server pays per render (issue 42): CPU per 256-, 512- and 1024-px JPEG thumbnail
/// (quality 0.75) of a 12 MP photo, with its bytes and its PSNR, against Pillow's recipe (thumbor's:
/// `draft('RGB', (s, s))`, `thumbnail((s, s), LANCZOS)`, saved at quality 75, optimized and
/// progressive) measured in the same interleaved rounds. PixelKit runs with its defaults (a second
/// thread on a machine with two cores) and with `usesSecondThread` off (one thread, as the image
/// service decodes under load), and with each of the four choices the defaults are made between
/// (`Variant`: linear light or gamma space × baseline with optimized Huffman tables or progressive),
/// one thread each. Pillow runs as a whole `python3` process; the CPU of one that only
/// imports Pillow (`pillow-start-up`) is subtracted from its rows. The Pillow rows are skipped, with
/// a message, where `python3` cannot import Pillow (`pip install pillow`).
///
/// Each method's result line gives the thumbnail's size, bytes and PSNR against two references, each
/// the full-resolution decode (sRGB, orientation applied) downscaled to the thumbnail's size in one
/// step by `Resampler` with Lanczos-3: `psnr-linear` mixes in linear light (PixelKit's and
/// Scripts/thumbnail-quality's reference), `psnr-gamma` mixes the sRGB numbers as they are (what
/// Pillow's `resize(LANCZOS)` of the full image computes). Computed once per child, outside the timing.
enum RenderBenchmark: ProcessJob {
    static let name = "render"
    static let sizes = [256, 512, 1024]
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec()])
    /// Pillow's recipe; arguments: size, input, output.
    static let pillowScript = """
        import sys
        from PIL import Image
        size = int(sys.argv[1])
        image = Image.open(sys.argv[2])
        image.draft("RGB", (size, size))
        image.thumbnail((size, size), Image.LANCZOS)
        image.save(sys.argv[3], "JPEG", quality=75, optimize=True, progressive=True)
        """

    static var methods: [BenchMethod] {
        sizes.flatMap { size in
            [
                BenchMethod(name: "pixelkit-\(size)", summary: "Thumbnailer defaults, max \(size) px, q0.75 (a second thread on ≥ 2 cores)"),
                BenchMethod(name: "pixelkit-1-thread-\(size)", summary: "the same with usesSecondThread off: one thread, as the service decodes under load"),
                BenchMethod(name: "pillow-\(size)", summary: "python3 + Pillow: draft, thumbnail LANCZOS, q75 optimize progressive (whole process; start-up subtracted in the goals)"),
            ] + Variant.all.map { BenchMethod(name: $0.method(size: size), summary: $0.summary) }
        } + [BenchMethod(name: "pillow-start-up", summary: "python3 importing Pillow and exiting: the start-up subtracted from the Pillow rows' CPU")]
    }

    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput] {
        catalog.generated.filter {
            switch $0.kind {
            case .jpegBaseline(let megapixels): megapixels == 12
            case .webp: true
            // A 12 MP HEIC is fully decoded (about 0.8 s a render here): full runs only.
            case .heic, .pngPhoto: !quick
            default: false
            }
        } + catalog.user
    }

    /// Whether `python3` imports Pillow here (asked once per process).
    static let pillowAvailable = (try? WholeProcess.run("python3", ["-c", "import PIL.Image"])) != nil

    static func runs(_ method: BenchMethod, on input: BenchInput) -> Bool {
        guard method.name.hasPrefix("pillow") else { return true }
        if case .heic = input.kind {
            print("  \(method.name): skipped — Pillow reads no HEIC without a plug-in (pillow-heif)")
            return false
        }
        if pillowAvailable { return true }
        print("  \(method.name): skipped — python3 cannot import Pillow (`pip install pillow`)")
        return false
    }

    static func prepare(method: String, input: String) throws -> () throws -> String {
        if method == "pillow-start-up" {
            return {
                try WholeProcess.run("python3", ["-c", "import PIL.Image"])
                return "python3 -c 'import PIL.Image'"
            }
        }
        guard let size = method.split(separator: "-").last.flatMap({ Int($0) }), sizes.contains(size) else {
            throw BenchError.unknownMethod(job: name, method: method)
        }
        if method.hasPrefix("pillow-") {
            let output = FileManager.default.temporaryDirectory
                .appendingPathComponent("pixelkit-bench-pillow-\(ProcessInfo.processInfo.processIdentifier).jpg").path
            let render = { try WholeProcess.run("python3", ["-c", pillowScript, String(size), input, output]) }
            try render()
            let description = try describe([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))), of: input)
            try? FileManager.default.removeItem(atPath: output)
            return {
                defer { try? FileManager.default.removeItem(atPath: output) }
                try render()
                return description
            }
        }
        var options = ThumbnailOptions(maxPixelSize: size)
        if let variant = Variant.all.first(where: { $0.method(size: size) == method }) {
            options.space = variant.space
            options.progressive = variant.progressive
            options.usesSecondThread = false
        } else {
            options.usesSecondThread = !method.hasPrefix("pixelkit-1-thread-")
        }
        let thumbnailer = Thumbnailer(codecs: codecs, options: options)
        let description = try describe(try thumbnailer.thumbnail(of: input).data, of: input)
        return {
            _ = try thumbnailer.thumbnail(of: input)
            return description
        }
    }

    /// A fixed choice of the two settings the defaults are chosen between (issue 42): the light scale
    /// of the resampling and the JPEG's coding (baseline with optimized Huffman tables, or progressive),
    /// on one thread, so that each row's CPU compares with Pillow's single-threaded render whatever
    /// the defaults become.
    struct Variant {
        var space: ResamplingSpace
        var progressive: Bool

        static let all = [false, true].flatMap { progressive in
            [ResamplingSpace.linear, .gamma].map { Variant(space: $0, progressive: progressive) }
        }

        /// `pixelkit-linear-baseline-512`, `pixelkit-gamma-progressive-256`, …
        func method(size: Int) -> String {
            "pixelkit-\(space.rawValue)-\(progressive ? "progressive" : "baseline")-\(size)"
        }

        var summary: String {
            "one thread, resampled in \(space == .linear ? "linear light" : "gamma space (sRGB numbers, as Pillow)"), "
                + (progressive ? "progressive JPEG" : "baseline JPEG, optimized Huffman tables")
        }
    }

    /// `W×H N B psnr-linear X psnr-gamma Y` for a JPEG thumbnail of the image at `path`.
    static func describe(_ thumbnail: [UInt8], of path: String) throws -> String {
        let decoded = try codecs.decodeImage(.bytes(thumbnail)).image
        let (full, report) = try codecs.decodeImage(.file(path: path))
        let upright = full.applyingOrientation(report.info.orientation)
        func psnr(_ space: ResamplingSpace) -> Double {
            var resampler = Resampler(outputSize: decoded.size, filter: .lanczos3, space: space, premultipliesAlpha: report.info.hasAlpha)
            upright.send(to: &resampler)
            return peakSignalToNoise(decoded, resampler.makeImage())
        }
        return String(format: "%ld×%ld %ld B psnr-linear %.2f psnr-gamma %.2f",
                      decoded.width, decoded.height, thumbnail.count, psnr(.linear), psnr(.gamma))
    }

    /// PSNR over the red, green and blue samples of two images of one size, in dB.
    static func peakSignalToNoise(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.size == b.size, "PSNR of images of different sizes")
        var squares = 0.0
        for offset in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in 0..<3 {
                let difference = Double(a.pixels[offset + channel]) - Double(b.pixels[offset + channel])
                squares += difference * difference
            }
        }
        let meanSquare = squares / Double(a.size.pixelCount * 3)
        return 10 * log10(255 * 255 / max(meanSquare, 1e-12))
    }

    /// The number after `label` in a result line, or nil.
    static func value(_ label: String, in result: String) -> Double? {
        let words = result.split(separator: " ")
        guard let index = words.firstIndex(of: Substring(label)), index + 1 < words.count else { return nil }
        return Double(words[index + 1])
    }

    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck] {
        guard let startUp = figures["pillow-start-up"] else { return [] }
        var goals: [GoalCheck] = []
        for size in sizes {
            guard let pillow = figures["pillow-\(size)"] else { continue }
            // Pillow's CPU per render: each round's whole process less the start-up's median.
            let pillowCPU = pillow.stats.cpuSamples.map { $0 - startUp.stats.cpuMedian }
            let pillowBytes = Double(bytes(pillow.result))
            for method in ["pixelkit-\(size)", "pixelkit-1-thread-\(size)"] + Variant.all.map({ $0.method(size: size) }) {
                guard let pixelkit = figures[method] else { continue }
                let ratios = TimingStats(samples: zip(pixelkit.stats.cpuSamples, pillowCPU).map { $0 / $1 })
                goals.append(GoalCheck(
                    text: "\(input.label) → \(size) px, \(method): CPU per render ≤ 1.0× Pillow's", met: ratios.median <= 1,
                    measured: String(format: "%.2f× (rounds %.2f–%.2f; %.1f against %.1f ms)", ratios.median, ratios.minimum, ratios.maximum,
                                     pixelkit.stats.cpuMedian / 1e6, TimingStats(samples: pillowCPU).median / 1e6)))
                if let ours = value("psnr-linear", in: pixelkit.result), let theirs = value("psnr-linear", in: pillow.result),
                   let oursGamma = value("psnr-gamma", in: pixelkit.result), let theirsGamma = value("psnr-gamma", in: pillow.result) {
                    goals.append(GoalCheck(
                        text: "\(input.label) → \(size) px, \(method): PSNR (linear-light reference) ≥ Pillow's", met: ours >= theirs,
                        measured: String(format: "%.2f against %.2f dB (%+.2f)", ours, theirs, ours - theirs)))
                    goals.append(GoalCheck(
                        text: "\(input.label) → \(size) px, \(method): PSNR (gamma-space reference) ≥ Pillow's", met: oursGamma >= theirsGamma,
                        measured: String(format: "%.2f against %.2f dB (%+.2f)", oursGamma, theirsGamma, oursGamma - theirsGamma)))
                }
                if let theirBytes = pillowBytes, let ourBytes = Double(bytes(pixelkit.result)) {
                    goals.append(GoalCheck(
                        text: "\(input.label) → \(size) px, \(method): bytes ≤ Pillow's progressive + optimized + 1%", met: ourBytes <= theirBytes * 1.01,
                        measured: String(format: "%.0f against %.0f B (%.3f×)", ourBytes, theirBytes, ourBytes / theirBytes)))
                }
            }
        }
        return goals
    }

    /// The byte count of a result line (`… N B …`).
    static func bytes(_ result: String) -> String {
        let words = result.split(separator: " ")
        guard let index = words.firstIndex(of: "B"), index > 0 else { return "" }
        return String(words[index - 1])
    }
}
