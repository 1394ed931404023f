/// Where an HEIF file's items are, read from its boxes (ISO/IEC 14496-12 `meta`, `iloc`, `iref`)
/// independently of libheif, so that a test can damage one item's data.
struct HEIFItemLocations {
    /// Byte ranges of each item's extents, by item ID (file offsets; construction method 0 only).
    private(set) var extents: [Int: [Range<Int>]] = [:]
    /// The `thmb` references: thumbnail item ID → the item it is a thumbnail of.
    private(set) var thumbnails: [Int: [Int]] = [:]

    init?(_ bytes: [UInt8]) {
        guard let meta = Self.boxes(bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        // `meta` is a full box: its children follow 4 bytes of version and flags.
        for child in Self.boxes(bytes, in: (meta.body.lowerBound + 4)..<meta.body.upperBound) {
            switch child.type {
            case "iloc": parseItemLocations(bytes, child.body)
            case "iref": parseReferences(bytes, child.body)
            default: break
            }
        }
    }

    private struct Box {
        let type: String
        let body: Range<Int>
    }

    private static func read(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    private static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            let size = read(bytes, offset, 4)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard size >= 8, offset + size <= range.upperBound else { break }
            found.append(Box(type: type, body: (offset + 8)..<(offset + size)))
            offset += size
        }
        return found
    }

    private mutating func parseItemLocations(_ bytes: [UInt8], _ body: Range<Int>) {
        let version = Int(bytes[body.lowerBound])
        var p = body.lowerBound + 4
        let offsetSize = Int(bytes[p] >> 4), lengthSize = Int(bytes[p] & 15)
        let baseOffsetSize = Int(bytes[p + 1] >> 4), indexSize = version >= 1 ? Int(bytes[p + 1] & 15) : 0
        p += 2
        let idSize = version < 2 ? 2 : 4
        let itemCount = Self.read(bytes, p, idSize)
        p += idSize
        for _ in 0..<itemCount {
            let id = Self.read(bytes, p, idSize)
            p += idSize
            if version >= 1 { p += 2 }  // construction method
            p += 2  // data reference index
            let base = Self.read(bytes, p, baseOffsetSize)
            p += baseOffsetSize
            let extentCount = Self.read(bytes, p, 2)
            p += 2
            for _ in 0..<extentCount {
                p += indexSize
                let offset = Self.read(bytes, p, offsetSize)
                p += offsetSize
                let length = Self.read(bytes, p, lengthSize)
                p += lengthSize
                extents[id, default: []].append((base + offset)..<(base + offset + length))
            }
        }
    }

    private mutating func parseReferences(_ bytes: [UInt8], _ body: Range<Int>) {
        let idSize = bytes[body.lowerBound] == 0 ? 2 : 4
        for reference in Self.boxes(bytes, in: (body.lowerBound + 4)..<body.upperBound) where reference.type == "thmb" {
            var p = reference.body.lowerBound
            let from = Self.read(bytes, p, idSize)
            p += idSize
            let count = Self.read(bytes, p, 2)
            p += 2
            for _ in 0..<count {
                thumbnails[from, default: []].append(Self.read(bytes, p, idSize))
                p += idSize
            }
        }
    }
}
