/// Why a BlurHash could not be encoded, parsed or decoded. Each case carries the offending value
/// and, for a hash string, the zero-based character position of the fault.
public enum BlurHashError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The hash string is empty.
    case emptyHash
    /// A character that is not a base-83 digit, at a zero-based position in the hash.
    case invalidCharacter(Character, position: Int)
    /// Fewer than the 6 characters every hash has (size flag, maximum, 4-digit DC).
    case hashTooShort(length: Int)
    /// The size flag (position 0) encodes more than 9 components along an axis (flag values 81 and 82).
    case invalidSizeFlag(Character, componentsX: Int, componentsY: Int)
    /// The length does not match the size flag: a hash with `componentsX × componentsY` components has
    /// `4 + 2 · componentsX · componentsY` characters.
    case invalidLength(length: Int, expected: Int, componentsX: Int, componentsY: Int)
    /// The DC digits (positions 2…5) encode more than `0xFFFFFF`, so they are no 8-bit RGB triple.
    case dcOutOfRange(value: Int, position: Int)
    /// An AC pair at `position` encodes more than `18·19² + 18·19 + 18` (6858), so a channel is outside 0…18.
    case acOutOfRange(value: Int, position: Int)
    /// Components asked of the encoder outside 1…9.
    case componentsOutOfRange(x: Int, y: Int)
    /// An image to encode with no pixels.
    case emptyImage(width: Int, height: Int)
    /// A pixel buffer shorter than its stated geometry needs.
    case pixelBufferTooSmall(byteCount: Int, required: Int)
    /// A row stride shorter than a row of pixels.
    case invalidBytesPerRow(Int, minimum: Int)
    /// A row sink finished before receiving every row of the image it was promised.
    case incompleteImage(rowsReceived: Int, height: Int)
    /// A decode size that is empty or above the pixel limit.
    case invalidOutputSize(width: Int, height: Int, maxPixelCount: Int)
    /// A `punch` that is negative or not finite.
    case invalidPunch(Double)

    /// A sentence naming the problem and, for a hash, the character position.
    public var description: String {
        switch self {
        case .emptyHash:
            return "empty BlurHash"
        case .invalidCharacter(let character, let position):
            return "invalid character \"\(character)\" at position \(position): not a base-83 digit"
        case .hashTooShort(let length):
            return "BlurHash is \(length) characters long; at least 6 are needed"
        case .invalidSizeFlag(let character, let x, let y):
            return "size flag \"\(character)\" at position 0 means \(x)×\(y) components; each must be 1…9"
        case .invalidLength(let length, let expected, let x, let y):
            return "BlurHash is \(length) characters long; its size flag (\(x)×\(y) components) needs \(expected)"
        case .dcOutOfRange(let value, let position):
            return "DC value \(value) at positions \(position)…\(position + 3) is above 0xFFFFFF"
        case .acOutOfRange(let value, let position):
            return "AC value \(value) at positions \(position)…\(position + 1) is above 6858 (19³ − 1)"
        case .componentsOutOfRange(let x, let y):
            return "\(x)×\(y) components requested; each must be 1…9"
        case .emptyImage(let width, let height):
            return "cannot encode a \(width)×\(height) image: it has no pixels"
        case .pixelBufferTooSmall(let count, let required):
            return "pixel buffer holds \(count) bytes; its geometry needs \(required)"
        case .invalidBytesPerRow(let stride, let minimum):
            return "\(stride) bytes per row is less than a row of pixels (\(minimum) bytes)"
        case .incompleteImage(let received, let height):
            return "only \(received) of \(height) rows were received"
        case .invalidOutputSize(let width, let height, let limit):
            return "cannot decode to \(width)×\(height): size must be at least 1×1 and at most \(limit) pixels"
        case .invalidPunch(let punch):
            return "punch \(punch) must be finite and ≥ 0"
        }
    }
}
