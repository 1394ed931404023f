// ArtworkTheme.swift — artwork in, theme out: an image's seed color and a readable Material theme.
//
// Depends on: PixelKit, PixelKitJPEG, PixelKitPNG, PixelKitPalette, Themes (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "PixelKit", package: "PixelKit"),
//   .product(name: "PixelKitJPEG", package: "PixelKit"),
//   .product(name: "PixelKitPNG", package: "PixelKit"),
//   .product(name: "PixelKitPalette", package: "PixelKit"),
//   .product(name: "Themes", package: "PixelKit"),
//
// Usage: ArtworkTheme [IMAGE]
// With no argument it paints a small "album cover" in memory (a grey background with a vivid
// orange disc) and themes a player from it.

import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette
import Themes

let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

/// A 96×96 cover: grey with an orange disc in the middle (its average would be a muddy brown).
func paintedCover() throws -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<96 {
        for x in 0..<96 {
            let inside = (x - 48) * (x - 48) + (y - 48) * (y - 48) < 30 * 30
            pixels += inside ? [240, 110, 20, 255] : [96, 96, 100, 255]
        }
    }
    return try PNGCodec().encode(RGBAImage(width: 96, height: 96, pixels: pixels), options: .init())
}

// 1. The palette: the same cheap reduced decode as the average color, then quantize and score.
let arguments = Array(CommandLine.arguments.dropFirst())
let palette = try arguments.first.map { try codecs.palette(of: $0) } ?? codecs.palette(of: paintedCover())
print("source \(palette.source.hex)\(palette.sourceIsFallback ? " (fallback: no colorful color)" : "")")
for swatch in palette.swatches.prefix(5) {
    print("  \(swatch.color.hex) \(Int((swatch.share * 100).rounded()))%")
}

// 2. The theme: tonal palettes from the seed, roles that meet WCAG by construction.
let material = MaterialTheme(seed: palette.source, name: "nowPlaying")
for appearance in [Appearance.light, .dark] {
    let roles = material.theme.resolved(for: appearance)
    print("\(appearance): primary \(roles[.primary]!.hex) on \(roles[.onPrimary]!.hex), surface \(roles[.surface]!.hex)")
}

// 3. Every pair's contrast, WCAG with APCA beside it; a failure here would be a bug.
for check in material.contrastChecks where check.appearance == .light {
    let ratio = (check.ratio * 100).rounded() / 100
    let lc = check.apcaLightnessContrast.rounded()
    print("  \(check.foreground) on \(check.background): \(ratio):1 (min \(check.minimum)), APCA Lc \(lc)")
}
precondition(material.contrastChecks.allSatisfy(\.passes))

// 4. Hand it to the app: the theme file the `ThemeManager` (and `pixelkit theme check`) read.
let file = try material.catalog.jsonBytes()
print("theme file: \(file.count) bytes")
