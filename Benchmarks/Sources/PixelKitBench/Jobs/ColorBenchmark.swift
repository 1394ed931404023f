import Foundation
import PixelKit
import PixelKitColor
import PixelKitJPEG

/// Color management's cost (issue 40): the 12 MP JPEG untagged beside the same bytes tagged Display
/// P3 (an `APP2 ICC_PROFILE` segment spliced in: identical pixel data), for a 2000-px thumbnail, the
/// fast and the exact average; and a CMYK JPEG and a lookup-table-profile JPEG through lcms2 beside
/// their stored numbers, reported. Goals: tagged ≤ 1.05× untagged for the thumbnail and the fast
/// average, ≤ 1.2× for the exact average (libvips pays 1.10× for its thumbnail).
enum ColorBenchmark: ProcessJob {
    static let name = "color"
    static let codecs: CodecRegistry = {
        var codecs = CodecRegistry([JPEGCodec()])
        codecs.colorTransforms = ColorManagement.shared
        return codecs
    }()
    /// The operations timed, by method-name prefix.
    static let operations = ["thumbnail", "fast-average", "exact-average"]

    static let methods: [BenchMethod] = operations.flatMap { operation in [
        BenchMethod(name: operation + "-as-stored", summary: "\(operation): the input as it is with conversion off (the 12 MP JPEG is untagged: nothing to convert)"),
        BenchMethod(name: operation + "-converted", summary: "\(operation): converted to sRGB (the 12 MP JPEG tagged Display P3; the CMYK and LUT files through lcms2)"),
    ] }

    static func inputs(from catalog: InputCatalog, quick: Bool) -> [BenchInput] {
        let color = InputCatalog.samplesFolder.appendingPathComponent("color")
        return catalog.generated.filter {
            if case .jpegBaseline(let megapixels) = $0.kind { return megapixels == 12 }
            return false
        } + [
            BenchInput(label: "cmyk-swop-astronaut.jpg (CMYK, lcms2)", path: color.appendingPathComponent("cmyk-swop-astronaut.jpg").path, kind: .embedded),
            BenchInput(label: "p3lut-kodim05.jpg (LUT profile, lcms2)", path: color.appendingPathComponent("p3lut-kodim05.jpg").path, kind: .embedded),
        ]
    }

    static func prepare(method: String, input: String) throws -> () throws -> String {
        guard let operation = operations.first(where: { method.hasPrefix($0 + "-") }) else {
            throw BenchError.unknownMethod(job: name, method: method)
        }
        let converted = method.hasSuffix("-converted")
        var path = input
        var decoding = DecodeOptions(outputColorSpace: converted ? .sRGB : nil)
        if converted, try codecs.reader(for: input).colorSpace.isSRGB {
            path = try taggedDisplayP3Copy(of: input)
        }
        decoding.maxThreads = 1
        switch operation {
        case "thumbnail":
            let options = ThumbnailOptions(maxPixelSize: 2000, decoding: decoding, usesSecondThread: false)
            return { "\(try Thumbnailer(codecs: codecs, options: options).thumbnail(of: path).size)" }
        default:
            let options = AverageOptions(accuracy: operation == "exact-average" ? .exact : .fast, decoding: decoding)
            return { try codecs.averageColor(of: path, options: options).color.hex }
        }
    }

    /// `input` (an untagged JPEG) with a Display P3 profile spliced in after its SOI marker, in a
    /// temporary file: the same entropy-coded data, so only color management's cost differs. The
    /// profile is the color corpus's, read back by PixelKit's own JPEG session.
    static func taggedDisplayP3Copy(of input: String) throws -> String {
        let sample = InputCatalog.samplesFolder.appendingPathComponent("color/p3-kodim23.jpg").path
        guard case .icc(let profile) = try codecs.reader(for: sample).colorSpace else {
            throw BenchError.childFailed(method: "the Display P3 copy", input: input, message: "\(sample) carries no ICC profile")
        }
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile.bytes
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("color-p3-\(getpid()).jpg")
        try Data(Array(jpeg[0..<2]) + segment + Array(jpeg[2...])).write(to: output, options: .atomic)
        return output.path
    }

    static func goals(for input: BenchInput, figures: [String: MethodFigures]) -> [GoalCheck] {
        guard case .jpegBaseline = input.kind else { return [] }
        return zip(operations, [1.05, 1.05, 1.2]).compactMap { operation, limit in
            guard let tagged = figures[operation + "-converted"], let untagged = figures[operation + "-as-stored"] else { return nil }
            let ratio = tagged.ratio(to: untagged)
            return GoalCheck(
                text: "\(operation): Display P3-tagged ≤ \(limit)× untagged",
                met: ratio.median <= limit,
                measured: String(format: "%.2f× (rounds %.2f…%.2f; CPU %.2f×)", ratio.median, ratio.minimum, ratio.maximum,
                                 tagged.stats.cpuMedian / untagged.stats.cpuMedian))
        }
    }
}
