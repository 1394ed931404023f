/// A 3×5-pixel font for the few characters the swatch sheet prints: digits, `A`–`F` (hex), `#`, `.`,
/// `:` and `%`. Each glyph is five rows of three bits, most significant bit on the left.
enum TinyBitmapFont {
    static let glyphWidth = 3
    static let glyphHeight = 5

    static let glyphs: [Character: [UInt8]] = [
        "0": [0b111, 0b101, 0b101, 0b101, 0b111], "1": [0b010, 0b110, 0b010, 0b010, 0b111],
        "2": [0b111, 0b001, 0b111, 0b100, 0b111], "3": [0b111, 0b001, 0b111, 0b001, 0b111],
        "4": [0b101, 0b101, 0b111, 0b001, 0b001], "5": [0b111, 0b100, 0b111, 0b001, 0b111],
        "6": [0b111, 0b100, 0b111, 0b101, 0b111], "7": [0b111, 0b001, 0b010, 0b010, 0b010],
        "8": [0b111, 0b101, 0b111, 0b101, 0b111], "9": [0b111, 0b101, 0b111, 0b001, 0b111],
        "A": [0b010, 0b101, 0b111, 0b101, 0b101], "B": [0b110, 0b101, 0b110, 0b101, 0b110],
        "C": [0b011, 0b100, 0b100, 0b100, 0b011], "D": [0b110, 0b101, 0b101, 0b101, 0b110],
        "E": [0b111, 0b100, 0b110, 0b100, 0b111], "F": [0b111, 0b100, 0b110, 0b100, 0b100],
        "#": [0b101, 0b111, 0b101, 0b111, 0b101], ".": [0b000, 0b000, 0b000, 0b000, 0b010],
        ":": [0b000, 0b010, 0b000, 0b010, 0b000], "%": [0b101, 0b001, 0b010, 0b100, 0b101],
    ]

    /// The width in pixels of `text` drawn at `scale` (one blank column between glyphs).
    static func width(of text: String, scale: Int) -> Int {
        text.isEmpty ? 0 : (text.count * (glyphWidth + 1) - 1) * scale
    }
}
