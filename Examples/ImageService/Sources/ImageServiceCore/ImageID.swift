import Crypto

/// An image's id: the SHA-256 of its bytes as 64 lowercase hexadecimal characters. Text from a
/// request becomes an id only through ``init(_:)``, so nothing else (`..`, `/`) ever reaches a path.
public struct ImageID: Hashable, Sendable, CustomStringConvertible {
    /// The 64 hexadecimal characters.
    public let hex: String

    /// The id spelled by `text`, or `nil` unless it is exactly 64 lowercase hexadecimal characters.
    public init?(_ text: some StringProtocol) {
        let utf8 = text.utf8
        guard utf8.count == 64, utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { return nil }
        hex = String(text)
    }

    /// The id of the bytes that hashed to `digest`.
    public init(_ digest: SHA256.Digest) {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        hex = String(decoding: text, as: UTF8.self)
    }

    /// The first two characters: the storage folder, so no folder holds more than 1/256 of the objects.
    var shard: String { String(hex.prefix(2)) }

    public var description: String { hex }
}
