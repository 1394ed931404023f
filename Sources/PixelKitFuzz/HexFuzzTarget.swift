import PixelKit

/// Hex color parsing: anything that parses must format and parse back to the same color.
enum HexFuzzTarget {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        do throws(HexColorError) {
            let color = try RGBAColor(hex: text)
            let again = try RGBAColor(hex: color.hexWithAlpha)
            FuzzCheck.require(again == color, "\(text) → \(color.hexWithAlpha) → \(again)")
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "hex error without a description")
        }
    }
}
