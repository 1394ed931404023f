import PixelKitCommandSupport
import PixelKit
import PixelKitPalette
import Themes

/// `pixelkit palette`'s line after `"file"`: `"width"`, `"height"`, `"source"`, `"palette"` (at most
/// `count` swatches, most populous first) and `"theme"` (`"light"` and `"dark"`, each role → `#RRGGBB`
/// in ``MaterialTheme/roles`` order), then `"warnings"` when the decoder met recoverable damage (as `average`).
struct PaletteLine: Encodable {
    let palette: Palette
    let count: Int
    let theme: MaterialTheme

    private enum CodingKeys: String, CodingKey { case width, height, source, palette, theme, warnings }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(palette.info.width, forKey: .width)
        try container.encode(palette.info.height, forKey: .height)
        try container.encode(palette.source.hex, forKey: .source)
        try container.encode(Array(palette.swatches.prefix(count)), forKey: .palette)
        func roles(_ appearance: Appearance) -> OrderedFields<String> {
            let resolved = theme.theme.resolved(for: appearance)
            return OrderedFields(fields: MaterialTheme.roles.map { ($0.rawValue, resolved[$0]?.hex ?? "") })
        }
        try container.encode(OrderedFields(fields: [("light", roles(.light)), ("dark", roles(.dark))]), forKey: .theme)
        if !palette.warnings.isEmpty { try container.encode(palette.warnings.map(\.message), forKey: .warnings) }
    }
}
