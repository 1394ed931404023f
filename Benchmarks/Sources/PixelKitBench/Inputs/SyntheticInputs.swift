import CBenchFloor
import Foundation
import Layout  // SplitMix64: the same generated inputs on every platform and Swift version
import PixelKit
import PixelKitJPEG
import PixelKitPNG

/// Generates the large inputs from a small real photo — upscaled, with deterministic grain so the
/// files compress like camera photos (entropy decoding cost follows file size), and encoded with
/// our own encoders — and caches them in a temporary folder. One is the 48 MP JPEG re-marked with a
/// restart marker every MCU row, as many cameras write them: the same pixels, another decoding path.
/// The 12 MP HEIC and WebP are the 12 MP JPEG converted by libheif's and libwebp's own tools
/// (`heif-enc`, `cwebp`), as a phone or a web pipeline would write them; the 2 MP GIF is the
/// upscaled photo quantized to 256 colors and written by giflib.
enum SyntheticInputs {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

    struct Spec {
        var label: String
        var fileName: String
        var kind: BenchInput.Kind
        var width: Int
        var height: Int
        /// Made from this earlier spec's file by adding restart markers, instead of generated.
        var restartMarkersAddedTo: String? = nil
        /// Made from this earlier spec's file by an external encoder (arguments before the input and output).
        var convertedFrom: String? = nil
        var converter: [String] = []
    }

    static func specs(quick: Bool) -> [Spec] {
        var specs = [
            Spec(label: "2MP baseline JPEG", fileName: "photo-2mp.jpg", kind: .jpegBaseline(megapixels: 2), width: 1632, height: 1224),
            Spec(label: "12MP baseline JPEG", fileName: "photo-12mp.jpg", kind: .jpegBaseline(megapixels: 12), width: 4032, height: 3024),
            Spec(label: "12MP progressive JPEG", fileName: "photo-12mp-progressive.jpg", kind: .jpegProgressive(megapixels: 12), width: 4032, height: 3024),
            Spec(label: "1170x2532 RGBA screenshot PNG", fileName: "screenshot.png", kind: .pngScreenshot, width: 1170, height: 2532),
            // heif-enc -t 320: an embedded 320-px thumbnail, as phones write (x265 at its default quality 50).
            Spec(label: "12MP HEIC (320 px thumbnail)", fileName: "photo-12mp.heic", kind: .heic(megapixels: 12), width: 4032, height: 3024,
                 convertedFrom: "photo-12mp.jpg", converter: ["heif-enc", "-t", "320", "-q", "80"]),
            Spec(label: "12MP lossy WebP", fileName: "photo-12mp.webp", kind: .webp(megapixels: 12), width: 4032, height: 3024,
                 convertedFrom: "photo-12mp.jpg", converter: ["cwebp", "-quiet", "-q", "80"]),
            // Under the thumbnail's 2000 px, so its thumbnail is the frame re-encoded, as the C floor does.
            Spec(label: "2MP GIF (256 colors)", fileName: "photo-2mp.gif", kind: .gif(megapixels: 2), width: 1632, height: 1224),
        ]
        if !quick {
            specs.append(Spec(label: "48MP baseline JPEG", fileName: "photo-48mp.jpg", kind: .jpegBaseline(megapixels: 48), width: 8064, height: 6048))
            specs.append(Spec(label: "48MP baseline JPEG, restart markers", fileName: "photo-48mp-restarts.jpg", kind: .jpegBaseline(megapixels: 48),
                              width: 8064, height: 6048, restartMarkersAddedTo: "photo-48mp.jpg"))
            specs.append(Spec(label: "12MP RGB PNG", fileName: "photo-12mp.png", kind: .pngPhoto, width: 4032, height: 3024))
        }
        return specs
    }

    static var cacheFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-bench-inputs-v1")
    }

    static func ensure(source: String, quick: Bool, log: (String) -> Void) throws -> [BenchInput] {
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        var photo: RGBAImage?
        var inputs: [BenchInput] = []
        for spec in specs(quick: quick) {
            let url = cacheFolder.appendingPathComponent(spec.fileName)
            if !FileManager.default.fileExists(atPath: url.path) {
                log("generating \(spec.label)…")
                let bytes: [UInt8]
                switch spec.kind {
                case _ where spec.convertedFrom != nil:
                    bytes = try converted(cacheFolder.appendingPathComponent(spec.convertedFrom!).path, with: spec.converter)
                case _ where spec.restartMarkersAddedTo != nil:
                    bytes = try withRestartMarkers(Array(Data(contentsOf: cacheFolder.appendingPathComponent(spec.restartMarkersAddedTo!))))
                case .pngScreenshot:
                    bytes = try codecs.encoder(for: .png).encode(screenshot(width: spec.width, height: spec.height), options: .init())
                case .pngPhoto:
                    if photo == nil { photo = try codecs.decodeImage(.file(path: source)).image }
                    bytes = try codecs.encoder(for: .png).encode(upscaled(photo!, width: spec.width, height: spec.height), options: .init())
                case .gif:
                    if photo == nil { photo = try codecs.decodeImage(.file(path: source)).image }
                    bytes = try gif(upscaled(photo!, width: spec.width, height: spec.height))
                default:
                    if photo == nil { photo = try codecs.decodeImage(.file(path: source)).image }
                    let progressive = spec.kind == .jpegProgressive(megapixels: 12)
                    bytes = try codecs.encoder(for: .jpeg).encode(
                        upscaled(photo!, width: spec.width, height: spec.height),
                        // Standard Huffman tables, as cameras write them (and as these inputs always were).
                        options: EncodeOptions(quality: 0.92, chromaSubsampling: .yuv420, progressive: progressive, optimizesHuffmanTables: false))
                }
                let temporary = url.appendingPathExtension("partial")
                try Data(bytes).write(to: temporary)
                try? FileManager.default.removeItem(at: url)
                try FileManager.default.moveItem(at: temporary, to: url)
            }
            inputs.append(BenchInput(label: spec.label, path: url.path, kind: spec.kind))
        }
        return inputs
    }

    /// The bytes `tool … input -o output` writes (heif-enc and cwebp both take `-o`).
    static func converted(_ input: String, with tool: [String]) throws -> [UInt8] {
        let output = cacheFolder.appendingPathComponent("converting-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = tool + [input, "-o", output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ImageError.encodingFailed(format: ImageFormat(rawValue: tool[0]), message: "\(tool[0]) failed (libheif-examples and webp installed?)")
        }
        return [UInt8](try Data(contentsOf: output))
    }

    /// `jpeg` with a restart marker every MCU row, its coefficients unchanged (`cbf_jpeg_add_restart_markers`).
    static func withRestartMarkers(_ jpeg: [UInt8]) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard cbf_jpeg_add_restart_markers(jpeg, jpeg.count, 1, &output, &size) == 0, let output else {
            throw ImageError.malformed(format: .jpeg, message: "libjpeg could not add restart markers")
        }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// `image` as a one-frame 256-color GIF (`cbf_gif_encode`: giflib's quantizer and encoder).
    static func gif(_ image: RGBAImage) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let rc = image.pixels.withUnsafeBufferPointer { cbf_gif_encode($0.baseAddress, Int32(image.width), Int32(image.height), &output, &size) }
        guard rc == 0, let output else { throw ImageError.encodingFailed(format: ImageFormat(rawValue: "gif"), message: "giflib could not write the GIF") }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// Bilinear upscale plus luminance grain from a fixed-seed generator (±12 levels).
    static func upscaled(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var random = SplitMix64(seed: 0x5EED)
        let scaleX = Double(image.width - 1) / Double(max(width - 1, 1))
        let scaleY = Double(image.height - 1) / Double(max(height - 1, 1))
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let sy = Double(y) * scaleY
                    let y0 = Int(sy), y1 = min(y0 + 1, image.height - 1)
                    let fy = sy - Double(y0)
                    for x in 0..<width {
                        let sx = Double(x) * scaleX
                        let x0 = Int(sx), x1 = min(x0 + 1, image.width - 1)
                        let fx = sx - Double(x0)
                        let grain = Double(Int(random.next() % 25) - 12)
                        for c in 0..<3 {
                            let top = Double(source[(y0 * image.width + x0) * 4 + c]) * (1 - fx) + Double(source[(y0 * image.width + x1) * 4 + c]) * fx
                            let bottom = Double(source[(y1 * image.width + x0) * 4 + c]) * (1 - fx) + Double(source[(y1 * image.width + x1) * 4 + c]) * fx
                            let value = top * (1 - fy) + bottom * fy + grain
                            target[(y * width + x) * 4 + c] = UInt8(min(max(value.rounded(), 0), 255))
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A phone-screenshot-like RGBA image: flat backgrounds, cards, lines of "text", a translucent bar.
    static func screenshot(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: (242, 242, 247, 255))
        var random = SplitMix64(seed: 42)
        func fill(x: Int, y: Int, w: Int, h: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
            for row in max(0, y)..<min(height, y + h) {
                for column in max(0, x)..<min(width, x + w) {
                    let offset = (row * width + column) * 4
                    image.pixels[offset] = rgba.0
                    image.pixels[offset + 1] = rgba.1
                    image.pixels[offset + 2] = rgba.2
                    image.pixels[offset + 3] = rgba.3
                }
            }
        }
        var y = 260
        while y < height - 300 {
            let cardHeight = 180 + Int(random.next() % 200)
            fill(x: 40, y: y, w: width - 80, h: cardHeight, (255, 255, 255, 255))
            var line = y + 40
            while line < y + cardHeight - 40 {
                let length = 300 + Int(random.next() % UInt64(width - 480))
                fill(x: 80, y: line, w: length, h: 22, (28, 28, 30, 255))
                line += 44
            }
            fill(x: width - 160, y: y + 30, w: 80, h: 80, (0, 122, 255, 255))
            y += cardHeight + 40
        }
        fill(x: 0, y: 0, w: width, h: 220, (249, 249, 249, 200))
        fill(x: 0, y: height - 250, w: width, h: 250, (249, 249, 249, 180))
        return image
    }
}
