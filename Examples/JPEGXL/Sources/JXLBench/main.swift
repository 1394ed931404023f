// The JPEG XL codec's benchmark: the fast average (DC pass, 1/8 scale) against the full decode of a
// 12 MP JPEG XL, in process, in interleaved rounds. Three inputs are made at run time with `cjxl`
// from a generated photo (chelsea.png from the root's fixtures, enlarged, with grain): a VarDCT
// file encoded from pixels (`-d 1`), the same without grain (few bits per pixel: the AC is cheap,
// so the DC render weighs more), and a JPEG transcoded losslessly (which decodes differently).
//
//     swift run -c release --package-path Examples/JPEGXL jxl-bench [--quick]
//
// `--quick` runs 3 rounds on a 3 MP image (CI's smoke run); the default is 7 rounds on 12 MP.
// Prints one line per input: the median times, their ratio (goal: fast ≤ 1/3 of full), and the
// spread (slowest/fastest round) of each; then libjxl's own stages in the same rounds (LibjxlStage),
// as fractions of its full decode, which show why libjxl 0.7 cannot reach the goal.
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitJXL
import PixelKitPNG

let quick = CommandLine.arguments.contains("--quick")
let rounds = quick ? 3 : 7
let (width, height) = quick ? (2000, 1500) : (4000, 3000)
let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), JXLCodec()])
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let folder = FileManager.default.temporaryDirectory.appending(path: "jxl-bench-\(ProcessInfo.processInfo.processIdentifier)")

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("jxl-bench: \(message)\n".utf8))
    exit(1)
}

/// chelsea.png enlarged bilinearly to `width`×`height`, with a fixed pseudo-random grain of
/// ±`grain` (12: the AC coefficients carry real work, as in a camera photo; 0: a smooth image).
func photo(grain amplitude: Int) throws(ImageError) -> RGBAImage {
    var collector = RGBAImageCollector()
    _ = try PNGCodec().decode(.file(path: root.appending(path: "Tests/PixelKitTestSupport/Fixtures/photos/chelsea.png").path), options: .init(), into: &collector)
    let source = collector.image
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var seed: UInt32 = 12345
    for y in 0..<height {
        let sy = Double(y) * Double(source.height - 1) / Double(height - 1)
        let y0 = Int(sy), y1 = min(y0 + 1, source.height - 1), fy = sy - Double(y0)
        for x in 0..<width {
            let sx = Double(x) * Double(source.width - 1) / Double(width - 1)
            let x0 = Int(sx), x1 = min(x0 + 1, source.width - 1), fx = sx - Double(x0)
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let grain = Double(Int(seed >> 24) % (2 * amplitude + 1) - amplitude)
            for channel in 0..<3 {
                func at(_ x: Int, _ y: Int) -> Double { Double(source.pixels[(y * source.width + x) * 4 + channel]) }
                let value = (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy
                pixels[(y * width + x) * 4 + channel] = UInt8(max(0, min(255, value + grain)))
            }
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

func cjxl(_ input: String, _ output: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["cjxl", input, output] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { fail("cannot run cjxl (apt-get install libjxl-tools): \(error)") }
    process.waitUntilExit()
    if process.terminationStatus != 0 { fail("cjxl failed on \(input)") }
}

/// Seconds `body` takes.
func seconds(_ body: () throws(ImageError) -> Void) throws(ImageError) -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try photo(grain: 12)
    // cjxl reads PPM; the JPEG comes from PixelKit's own encoder.
    func writePPM(_ image: RGBAImage, to path: String) throws(ImageError) {
        var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
        ppm.reserveCapacity(ppm.count + width * height * 3)
        for pixel in 0..<(width * height) { ppm += image.pixels[(pixel * 4)..<(pixel * 4 + 3)] }
        try ImageFileWriter().write(ppm, to: path)
    }
    let ppmPath = folder.appending(path: "photo.ppm").path
    let plainPath = folder.appending(path: "plain.ppm").path
    let jpegPath = folder.appending(path: "photo.jpg").path
    try writePPM(image, to: ppmPath)
    try writePPM(try photo(grain: 0), to: plainPath)
    try ImageFileWriter().write(try JPEGCodec().encode(image, options: EncodeOptions(quality: 0.9)), to: jpegPath)
    let inputs = [
        ("VarDCT -d 1 from pixels", folder.appending(path: "vardct.jxl").path, ppmPath, ["-d", "1"]),
        ("VarDCT -d 1, no grain", folder.appending(path: "plain.jxl").path, plainPath, ["-d", "1"]),
        ("lossless JPEG transcode", folder.appending(path: "transcoded.jxl").path, jpegPath, ["--lossless_jpeg=1"]),
    ]
    print("jxl-bench: \(width)×\(height) (\(width * height / 1_000_000) MP), \(rounds) interleaved rounds, median seconds")
    for (name, path, input, arguments) in inputs {
        cjxl(input, path, arguments)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let file = try ImageFile(path: path).allBytes(limit: .max)
        let stages = LibjxlStage.allCases.filter { $0 != .jpegRebuilt || path.hasSuffix("transcoded.jxl") }
        var fast: [Double] = [], full: [Double] = []
        var stageTimes = [LibjxlStage: [Double]](), rebuiltAverage: [Double] = []
        var fastSize = PixelSize(width: 0, height: 0)
        for _ in 0..<rounds {
            fast.append(try seconds { () throws(ImageError) in fastSize = try codecs.averageColor(of: path).decodedSize })
            full.append(try seconds { () throws(ImageError) in _ = try codecs.averageColor(of: path, options: AverageOptions(accuracy: .exact)) })
            for stage in stages {
                var jpeg: [UInt8] = []
                stageTimes[stage, default: []].append(try seconds { () throws(ImageError) in jpeg = stage.run(file) })
                // (b) of the issue: the rebuilt JPEG's average through PixelKit's JPEG 1/8 decode.
                if stage == .jpegRebuilt {
                    rebuiltAverage.append(try seconds { () throws(ImageError) in _ = try codecs.averageColor(of: ImageSource.bytes(jpeg)) })
                }
            }
        }
        let ratio = median(fast) / median(full)
        let spread = { (values: [Double]) in String(format: "%.2f", values.max()! / values.min()!) }
        print(String(
            format: "%@ (%d KB): fast %.3f s (decoded %@) full %.3f s ratio %.2f%@; spread fast %@ full %@",
            name, bytes / 1024, median(fast), fastSize.description, median(full), ratio, ratio <= 1.0 / 3 ? "" : " (above 1/3)",
            spread(fast), spread(full)))
        // libjxl alone, as fractions of its own full decode: where the fast average's time goes.
        let libjxlFull = median(stageTimes[.full]!)
        var line = stages.map { stage in
            let times = stageTimes[stage]!
            return String(format: "%@ %.3f s (%.2f, spread %@)", stage.rawValue, median(times), median(times) / libjxlFull, spread(times))
        }
        if !rebuiltAverage.isEmpty {
            let total = median(zip(stageTimes[.jpegRebuilt]!, rebuiltAverage).map { $0 + $1 })
            line.append(String(format: "JPEG rebuilt + its 1/8 average %.3f s (%.2f)", total, total / libjxlFull))
        }
        print("  libjxl alone: " + line.joined(separator: "; "))
    }
} catch {
    fail("\(error)")
}
