extension ColorProfile {
    /// The longest description returned, in characters: a name for display, not a document.
    static let maxDescriptionLength = 256

    /// The profile's name from its `desc` tag (ICC v2 `textDescriptionType` ASCII, or the first
    /// record of a v4 `multiLocalizedUnicodeType`), at most 256 characters; nil when the tag is
    /// absent or unreadable. Read on each access.
    public var profileDescription: String? {
        guard let tag = tag("desc"), let text = try? Self.description(of: tag, in: ICCBytes(bytes: bytes)) else { return nil }
        let trimmed = String(text.prefix(Self.maxDescriptionLength)).trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func description(of tag: Tag, in reader: ICCBytes) throws(ColorProfileError) -> String? {
        let end = tag.offset + tag.size
        switch try reader.signature(at: tag.offset) {
        case "desc":
            let count = min(Int(try reader.uint32(at: tag.offset + 8)), maxDescriptionLength)
            let start = tag.offset + 12
            guard count <= end - start else { return nil }
            let ascii = reader.bytes[start..<start + count].prefix { $0 != 0 }
            return String(decoding: ascii, as: UTF8.self)
        case "mluc":
            guard try reader.uint32(at: tag.offset + 8) > 0 else { return nil }
            let length = min(Int(try reader.uint32(at: tag.offset + 20)), 2 * maxDescriptionLength)
            let start = tag.offset + Int(try reader.uint32(at: tag.offset + 24))
            guard start >= tag.offset, start <= end, length <= end - start else { return nil }
            let units = stride(from: start, to: start + length - 1, by: 2).map { UInt16(reader.bytes[$0]) << 8 | UInt16(reader.bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }
}
