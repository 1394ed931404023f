// BlurHash placeholders: compute a hash for an image on the "server", then render the placeholder
// and read its average color in the "app". Self-contained: the picture is generated, no files needed.
//
// Depends on: PixelKit, BlurHash (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "PixelKit", package: "PixelKit"),
//   .product(name: "BlurHash", package: "PixelKit"),
import BlurHash
import PixelKit

// 1. A stand-in for an uploaded photo: a 96×64 sunset (sky gradient, sun disc, dark sea).
var pixels: [UInt8] = []
for y in 0..<64 {
    for x in 0..<96 {
        let dx = Double(x - 60), dy = Double(y - 26)
        let inSun = dx * dx + dy * dy < 100
        let rgb: (Int, Int, Int)
        if y >= 40 {
            rgb = (20, 40 + y / 4, 90)                                   // sea
        } else if inSun {
            rgb = (255, 214, 120)                                        // sun
        } else {
            rgb = (240 - y * 2, 120 + y * 2, 90 + y * 3)                 // sky
        }
        pixels += [UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2), 255]
    }
}
let photo = RGBAImage(width: 96, height: 64, pixels: pixels)

do {
    // 2. Server side: 4×3 components, bit-identical to the woltapp C reference encoder.
    let encoder = try BlurHashEncoder(componentsX: 4, componentsY: 3)
    let components = try encoder.components(of: photo)
    let hash = components.hash
    print("hash:", hash, "(\(hash.count) characters)")
    print("average color (linear-light mean, free with the hash):", components.averageColor.hex)

    // 3. App side: validate the hash, read the average for an instant background, render 32×21.
    let blur = try BlurHashDecoder(hash: hash)
    print("stored average:", blur.averageColor.hex, "—", blur.componentsX, "×", blur.componentsY, "components")
    let placeholder = try blur.image(width: 32, height: 21, punch: 1)
    print("placeholder: \(placeholder.width)×\(placeholder.height) RGBA, \(placeholder.pixels.count) bytes")

    // A coarse brightness preview of the placeholder (every 2nd pixel of every 3rd row).
    let shades = Array(" .:-=+*#%@")
    for y in stride(from: 0, to: placeholder.height, by: 3) {
        var line = ""
        for x in stride(from: 0, to: placeholder.width, by: 2) {
            let offset = (y * placeholder.width + x) * 4
            let luma = (299 * Int(placeholder.pixels[offset]) + 587 * Int(placeholder.pixels[offset + 1])
                + 114 * Int(placeholder.pixels[offset + 2])) / 1000
            line.append(shades[luma * (shades.count - 1) / 255])
        }
        print("  |" + line + "|")
    }

    // 4. Untrusted input: a typo is reported with its position, never a crash.
    do {
        _ = try BlurHashDecoder(hash: String(hash.prefix(10)) + "!" + String(hash.dropFirst(11)))
    } catch {
        print("rejected:", error)
    }
} catch {
    print("BlurHash failed:", error)
}
