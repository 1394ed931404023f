/// BlurHash's base-83 digits: big-endian, alphabet `0-9 A-Z a-z # $ % * + , - . : ; = ? @ [ ] ^ _ { | } ~`.
enum Base83 {
    /// The 83 digit characters, in value order (ASCII bytes).
    static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// The value of each ASCII byte as a digit, or -1 for bytes that are not digits.
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
        return table
    }()

    /// The value of `character` as a digit (0…82), or `nil` if it is not one.
    static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        let value = values[Int(ascii)]
        return value < 0 ? nil : Int(value)
    }

    /// Appends `value` as exactly `length` digits, most significant first (`value` must fit).
    static func append(_ value: Int, length: Int, to digits: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        for _ in 0..<length {
            digits.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
    }

    /// The number written by `digits` (already validated digit values), most significant first.
    static func number(_ digits: ArraySlice<Int>) -> Int {
        digits.reduce(0) { $0 * 83 + $1 }
    }
}
