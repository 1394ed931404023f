// AverageColor.swift — the average color of images.
//
// Depends on: PixelKit, PixelKitJPEG, PixelKitPNG (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "PixelKit", package: "PixelKit"),
//   .product(name: "PixelKitJPEG", package: "PixelKit"),
//   .product(name: "PixelKitPNG", package: "PixelKit"),
//
// Usage: AverageColor [IMAGE ...]
// With no arguments it makes a small two-color PNG in memory and averages that.

import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG

// Build the registry once; it is a plain value, safe to share across threads.
let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

func report(_ name: String, _ result: AverageResult) {
    let c = result.color
    let rgba = [c.red, c.green, c.blue, c.alpha].map { ($0 * 100).rounded() / 100 }
    print("\(name): \(c.hex) rgba=\(rgba) \(result.info.width)×\(result.info.height) \(result.isExact ? "exact" : "fast")")
}

let paths = Array(CommandLine.arguments.dropFirst())
if paths.isEmpty {
    // Left half red, right half blue, as an in-memory PNG.
    var image = RGBAImage(width: 64, height: 32, filledWith: (255, 0, 0, 255))
    for y in 0..<32 { for x in 32..<64 { image.pixels[(y * 64 + x) * 4 ..< (y * 64 + x) * 4 + 3] = [0, 0, 255] } }
    let png = try codecs.encoder(for: .png).encode(image, options: EncodeOptions())
    report("mean", try codecs.averageColor(of: png))
    report("linear", try codecs.averageColor(of: png, options: AverageOptions(algorithm: .linear)))
    // Where a widget's text sits: the right quarter only.
    report("region", try codecs.averageColor(of: png, options: AverageOptions(region: PixelRect(x: 48, y: 0, width: 16, height: 32))))
} else {
    for path in paths {
        do {
            // Fast mode (the default) decodes JPEGs at 1/8 scale: within a fraction of a level of
            // the exact mean, several times faster. Pass accuracy: .exact for every pixel.
            report(path, try codecs.averageColor(of: URL(filePath: path)))
        } catch {
            // `error` is an ImageError (typed throws); its message names the file and the problem,
            // e.g. "photo.jpg: truncated jpeg: Premature end of JPEG file". `error.kind` is the
            // problem alone, for a `switch`.
            print(error.localizedDescription)
        }
    }
}
