import PixelKit
import PixelKitPalette
import Themes

/// The swatch sheet `pixelkit palette --swatch` writes: the palette as bars sized by share (with their
/// percentage where a bar is wide enough), the source color with its hex, then the theme's on-X/X
/// pairs, light on the left and dark on the right, each showing its WCAG ratio in its own colors.
struct SwatchSheet {
    static let width = 360
    static let margin = 8
    static let barHeight = 48
    static let sourceHeight = 32
    static let pairHeight = 28
    static let gap = 4
    static let scale = 2

    private(set) var pixels: [UInt8]
    let height: Int

    init(palette: Palette, count: Int, theme: MaterialTheme) {
        let pairCount = theme.contrastChecks.filter { $0.appearance == .light }.count
        height = Self.margin * 4 + Self.barHeight + Self.sourceHeight + pairCount * (Self.pairHeight + Self.gap)
        pixels = [UInt8](repeating: 0, count: Self.width * height * 4)
        let paper = RGBAColor(red: 238, green: 238, blue: 238)
        fill(x: 0, y: 0, width: Self.width, height: height, paper)

        // Palette bars, sized by share of the whole image.
        let inner = Self.width - 2 * Self.margin
        var x = Self.margin
        for swatch in palette.swatches.prefix(count) {
            let barWidth = min(Self.margin + inner - x, max(1, Int((swatch.share * Double(inner)).rounded())))
            guard barWidth > 0 else { break }
            fill(x: x, y: Self.margin, width: barWidth, height: Self.barHeight, swatch.color)
            let label = "\(Int((swatch.share * 100).rounded()))%"
            if TinyBitmapFont.width(of: label, scale: Self.scale) + 4 <= barWidth {
                draw(label, centredIn: (x, Self.margin, barWidth, Self.barHeight), color: Self.ink(on: swatch.color))
            }
            x += barWidth
        }

        // The source color.
        let sourceY = Self.margin * 2 + Self.barHeight
        fill(x: Self.margin, y: sourceY, width: inner, height: Self.sourceHeight, palette.source)
        draw(palette.source.hex, centredIn: (Self.margin, sourceY, inner, Self.sourceHeight), color: Self.ink(on: palette.source))

        // The pairs with their ratios: light column, dark column.
        let columnWidth = (inner - Self.margin) / 2
        let pairsY = sourceY + Self.sourceHeight + Self.margin
        for (column, appearance) in [Appearance.light, .dark].enumerated() {
            let checks = theme.contrastChecks.filter { $0.appearance == appearance }
            let resolved = theme.theme.resolved(for: appearance)
            let columnX = Self.margin + column * (columnWidth + Self.margin)
            for (row, check) in checks.enumerated() {
                guard let background = resolved[check.background], let foreground = resolved[check.foreground] else { continue }
                let y = pairsY + row * (Self.pairHeight + Self.gap)
                fill(x: columnX, y: y, width: columnWidth, height: Self.pairHeight, background)
                let ratio = (check.ratio * 100).rounded(.down) / 100
                draw(String(format: ratio), centredIn: (columnX, y, columnWidth, Self.pairHeight), color: foreground)
            }
        }
    }

    /// Black or white, whichever reads better on `color`.
    static func ink(on color: RGBAColor) -> RGBAColor { ReadableTextColor(over: color).color }

    private mutating func fill(x: Int, y: Int, width: Int, height: Int, _ color: RGBAColor) {
        let q = color.quantized
        let bytes = [UInt8(q.red), UInt8(q.green), UInt8(q.blue), 255]
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(Self.width, x + width) {
                let p = (row * Self.width + column) * 4
                pixels[p] = bytes[0]; pixels[p + 1] = bytes[1]; pixels[p + 2] = bytes[2]; pixels[p + 3] = bytes[3]
            }
        }
    }

    private mutating func draw(_ text: String, centredIn box: (x: Int, y: Int, width: Int, height: Int), color: RGBAColor) {
        let scale = Self.scale
        var x = box.x + (box.width - TinyBitmapFont.width(of: text, scale: scale)) / 2
        let y = box.y + (box.height - TinyBitmapFont.glyphHeight * scale) / 2
        for character in text {
            if let rows = TinyBitmapFont.glyphs[character] {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<TinyBitmapFont.glyphWidth where bits & (1 << (TinyBitmapFont.glyphWidth - 1 - column)) != 0 {
                        fill(x: x + column * scale, y: y + row * scale, width: scale, height: scale, color)
                    }
                }
            }
            x += (TinyBitmapFont.glyphWidth + 1) * scale
        }
    }
}

private extension String {
    /// A ratio with two decimals, e.g. `4.52`, without Foundation's formatting.
    init(format value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
