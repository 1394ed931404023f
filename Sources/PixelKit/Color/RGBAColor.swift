/// A color as four sRGB-encoded components on the 0…255 scale, kept in floating point so that
/// averages keep their fraction (an average of 0 and 255 is 127.5, not 127 or 128).
///
/// Components are not clamped on creation; `hex` clamps and rounds when formatting. Its JSON is
/// the array of `pixelkit average`'s `"rgba"` field: `[107.2, 90.5, 76, 255]`.
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, nominally in 0…255.
    public var red: Double
    /// Green, nominally in 0…255.
    public var green: Double
    /// Blue, nominally in 0…255.
    public var blue: Double
    /// Alpha, nominally in 0…255 (255 is opaque).
    public var alpha: Double

    /// A color from components on the 0…255 scale (opaque unless `alpha` says otherwise).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The components in the order red, green, blue, alpha.
    public var components: [Double] { [red, green, blue, alpha] }

    /// `#RRGGBB`, uppercase, each component rounded to the nearest integer and clamped to 0…255.
    public var hex: String {
        "#" + Self.hexByte(red) + Self.hexByte(green) + Self.hexByte(blue)
    }

    /// `#RRGGBBAA`, like `hex` with alpha appended.
    public var hexWithAlpha: String { hex + Self.hexByte(alpha) }

    /// `#RRGGBBAA` (``hexWithAlpha``).
    public var description: String { hexWithAlpha }

    /// Decodes `[red, green, blue, alpha]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            red: try container.decode(Double.self), green: try container.decode(Double.self),
            blue: try container.decode(Double.self), alpha: try container.decode(Double.self))
    }

    /// Encodes `[red, green, blue, alpha]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(red)
        try container.encode(green)
        try container.encode(blue)
        try container.encode(alpha)
    }

    /// Parses `RGB`, `RRGGBB` or `RRGGBBAA` hexadecimal digits, with or without a leading `#`,
    /// case-insensitive (`007aff`, `#007AFF`, `#0af`, `#007AFF80`). Surrounding white space is ignored.
    /// - Throws: `HexColorError` naming the offending text and, where one character is at fault, its position.
    public init(hex text: String) throws(HexColorError) {
        let trimmed = text.trimmingWhitespace()
        var digits = Substring(trimmed)
        if digits.first == "#" { digits = digits.dropFirst() }
        let offset = trimmed.count - digits.count
        guard !digits.isEmpty else { throw .empty(text: text) }
        var values: [UInt8] = []
        values.reserveCapacity(digits.count)
        for (index, character) in digits.enumerated() {
            guard let value = character.hexDigitValue, character.isASCII else {
                throw .invalidCharacter(text: text, character: character, position: index + offset)
            }
            values.append(UInt8(value))
        }
        switch values.count {
        case 3:
            self.init(red: Double(values[0] * 17), green: Double(values[1] * 17), blue: Double(values[2] * 17))
        case 6, 8:
            func byte(_ index: Int) -> Double { Double(values[index] << 4 | values[index + 1]) }
            self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: values.count == 8 ? byte(6) : 255)
        default:
            throw .invalidLength(text: text, digitCount: values.count)
        }
    }

    private static func hexByte(_ component: Double) -> String {
        let clamped = component.isNaN ? 0 : min(max(component, 0), 255)
        let value = Int(clamped.rounded())
        let digits = Array("0123456789ABCDEF")
        return String([digits[value >> 4], digits[value & 15]])
    }
}

/// Why a hexadecimal color could not be parsed.
public enum HexColorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but an optional `#` (or white space) was given.
    case empty(text: String)
    /// A character that is not a hexadecimal digit, at a zero-based position in the text.
    case invalidCharacter(text: String, character: Character, position: Int)
    /// The number of digits is not 3, 6 or 8.
    case invalidLength(text: String, digitCount: Int)

    /// The problem, quoting the text.
    public var description: String {
        switch self {
        case .empty(let text):
            return "empty hex color \"\(text)\""
        case .invalidCharacter(let text, let character, let position):
            return "invalid character \"\(character)\" at position \(position) in hex color \"\(text)\""
        case .invalidLength(let text, let count):
            return "hex color \"\(text)\" has \(count) digits; expected 3, 6 or 8"
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
