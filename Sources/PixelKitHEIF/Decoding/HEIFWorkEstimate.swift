import PixelKit

/// The work of decoding a HEIF file's primary image, counted from its boxes before libheif decodes
/// anything: a grid image (`grid` item) costs the decode of every tile it references (`iref`
/// `dimg`), each at the size its `ispe` property states, however often the grid names the same
/// tile (libheif 1.15 decodes a tile once per reference); any other image costs its coded pixels.
///
/// libheif 1.15's decode is one call that cannot be stopped and has no tile API, so its work is
/// refused beforehand instead: a grid of 65,025 references to one 512×512 tile is 17 G pixels of
/// decoding from a 133 KB file. Each tile reference costs at least ``minimumTilePixels``: libde265
/// starts a decoder per tile, which costs what decoding a small tile does.
///
/// Bounded: only box headers and the fields named are read, each inside its parent, at most
/// `maxChunkCount` boxes and references; a structure this walk cannot read counts as a plain image
/// (libheif then refuses it, or decodes what the handle's coded size bounds).
enum HEIFWorkEstimate {
    /// HEVC/AV1 decoding's cost per pixel relative to JPEG's, as `HEIFCodec` applies it (see `DecodingLimits.maxPixelsPerInputByte`).
    static let costPerPixel = 4
    /// The least a tile reference is charged, in pixels: a 64×64 tile.
    static let minimumTilePixels = 64 * 64

    /// The estimate for decoding `header`'s primary image to RGBA: its work and the memory of its
    /// coded planes and interleaved output (as `HEIFRowDecoder` checks it).
    static func estimate(_ header: HEIFCodec.Session, limits: DecodingLimits) throws(ImageError) -> DecodeWorkEstimate {
        let primary = header.primary
        let pixels = max(primary.codedSize.pixelCount, primary.size.pixelCount)
        let bytesPerPixel = (primary.bitDepth > 8 ? 8 : 4) + 4
        let tiles = try gridTilePixels(header.context.input.bytes, limits: limits)
        return DecodeWorkEstimate(
            workPixels: max(pixels, tiles ?? 0), memoryBytes: DecodeWorkEstimate.product(pixels, bytesPerPixel), costPerPixel: costPerPixel)
    }

    /// The pixels of every tile reference of the primary item when it is a grid, nil otherwise.
    /// - Throws: ``ImageError/limitExceeded(_:)`` past `limits.maxChunkCount` boxes or references.
    static func gridTilePixels(_ bytes: UnsafeRawBufferPointer, limits: DecodingLimits) throws(ImageError) -> Int? {
        var reader = BoxReader(bytes: bytes, limit: max(1, limits.maxChunkCount))
        guard let meta = try reader.children(of: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        // `meta` is a full box: its children follow 4 bytes of version and flags.
        let boxes = try reader.children(of: min(meta.body.lowerBound + 4, meta.body.upperBound)..<meta.body.upperBound)
        guard let pitm = boxes.first(where: { $0.type == "pitm" }), let primaryID = reader.primaryItem(pitm),
              let iinf = boxes.first(where: { $0.type == "iinf" }), try reader.itemType(primaryID, iinf: iinf) == "grid",
              let iref = boxes.first(where: { $0.type == "iref" }),
              let iprp = boxes.first(where: { $0.type == "iprp" }) else { return nil }
        let tiles = try reader.references(from: primaryID, kind: "dimg", iref: iref)
        let sizes = try reader.itemSizes(iprp: iprp)
        var total = 0
        for tile in tiles {
            total = DecodeWorkEstimate.sum(total, max(sizes[tile] ?? 0, minimumTilePixels))
        }
        return total
    }

    /// One box: its type and its contents' range.
    struct Box {
        let type: String
        let body: Range<Int>
    }

    /// Reads big-endian fields and boxes inside `bytes`, counting boxes and references against `limit`.
    struct BoxReader {
        let bytes: UnsafeRawBufferPointer
        let limit: Int
        var visited = 0

        /// The `size`-byte big-endian number at `offset`, nil past `end`.
        func number(at offset: Int, size: Int, end: Int) -> Int? {
            guard offset >= 0, offset + size <= min(end, bytes.count) else { return nil }
            return (0..<size).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }

        mutating func count(_ items: Int) throws(ImageError) {
            visited = DecodeWorkEstimate.sum(visited, items)
            guard visited <= limit else { throw .limitExceeded(.chunkCount(kind: "HEIF boxes and references", count: visited, limit: limit)) }
        }

        /// The boxes inside `range`, up to the first that does not fit in it (64-bit sizes included).
        mutating func children(of range: Range<Int>) throws(ImageError) -> [Box] {
            var found: [Box] = []
            var offset = range.lowerBound
            while let size32 = number(at: offset, size: 4, end: range.upperBound), offset + 8 <= range.upperBound {
                try count(1)
                var header = 8, size = size32
                if size32 == 1, let large = number(at: offset + 8, size: 8, end: range.upperBound) {
                    header = 16
                    size = large
                } else if size32 == 0 {
                    size = range.upperBound - offset
                }
                guard size >= header, size <= range.upperBound - offset else { break }
                let type = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8)]), as: UTF8.self)
                found.append(Box(type: type, body: (offset + header)..<(offset + size)))
                offset += size
            }
            return found
        }

        /// The primary item's ID (`pitm`: version 0 a 16-bit ID, else 32-bit).
        func primaryItem(_ pitm: Box) -> Int? {
            guard let version = number(at: pitm.body.lowerBound, size: 1, end: pitm.body.upperBound) else { return nil }
            return number(at: pitm.body.lowerBound + 4, size: version == 0 ? 2 : 4, end: pitm.body.upperBound)
        }

        /// The type of item `id` from its `infe` entry (versions 2 and 3), nil when it has none.
        mutating func itemType(_ id: Int, iinf: Box) throws(ImageError) -> String? {
            guard let version = number(at: iinf.body.lowerBound, size: 1, end: iinf.body.upperBound) else { return nil }
            let entries = iinf.body.lowerBound + 4 + (version == 0 ? 2 : 4)
            for infe in try children(of: min(entries, iinf.body.upperBound)..<iinf.body.upperBound) where infe.type == "infe" {
                guard let infeVersion = number(at: infe.body.lowerBound, size: 1, end: infe.body.upperBound), infeVersion >= 2 else { continue }
                let idSize = infeVersion == 2 ? 2 : 4
                guard number(at: infe.body.lowerBound + 4, size: idSize, end: infe.body.upperBound) == id else { continue }
                let typeOffset = infe.body.lowerBound + 4 + idSize + 2
                guard typeOffset + 4 <= infe.body.upperBound else { return nil }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[typeOffset..<(typeOffset + 4)]), as: UTF8.self)
            }
            return nil
        }

        /// The items `id` references by `kind` (`iref`: version 0 16-bit IDs, else 32-bit), in order.
        mutating func references(from id: Int, kind: String, iref: Box) throws(ImageError) -> [Int] {
            guard let version = number(at: iref.body.lowerBound, size: 1, end: iref.body.upperBound) else { return [] }
            let idSize = version == 0 ? 2 : 4
            var found: [Int] = []
            for reference in try children(of: min(iref.body.lowerBound + 4, iref.body.upperBound)..<iref.body.upperBound) where reference.type == kind {
                let end = reference.body.upperBound
                guard number(at: reference.body.lowerBound, size: idSize, end: end) == id,
                      let references = number(at: reference.body.lowerBound + idSize, size: 2, end: end) else { continue }
                try count(references)
                for index in 0..<references {
                    guard let to = number(at: reference.body.lowerBound + idSize + 2 + index * idSize, size: idSize, end: end) else { break }
                    found.append(to)
                }
            }
            return found
        }

        /// The pixel count of each item's `ispe` property (`iprp`: `ipco`'s properties, `ipma`'s associations).
        mutating func itemSizes(iprp: Box) throws(ImageError) -> [Int: Int] {
            let boxes = try children(of: iprp.body)
            guard let ipco = boxes.first(where: { $0.type == "ipco" }) else { return [:] }
            // Property indices start at 1; only `ispe` sizes matter.
            var pixels: [Int: Int] = [:]
            for (index, property) in try children(of: ipco.body).enumerated() where property.type == "ispe" {
                guard let width = number(at: property.body.lowerBound + 4, size: 4, end: property.body.upperBound),
                      let height = number(at: property.body.lowerBound + 8, size: 4, end: property.body.upperBound) else { continue }
                pixels[index + 1] = DecodeWorkEstimate.product(width, height)
            }
            var sizes: [Int: Int] = [:]
            for ipma in boxes where ipma.type == "ipma" {
                let end = ipma.body.upperBound
                guard let version = number(at: ipma.body.lowerBound, size: 1, end: end),
                      let flags = number(at: ipma.body.lowerBound + 1, size: 3, end: end),
                      let entries = number(at: ipma.body.lowerBound + 4, size: 4, end: end) else { continue }
                try count(entries)
                let idSize = version < 1 ? 2 : 4, indexSize = flags & 1 == 1 ? 2 : 1
                var offset = ipma.body.lowerBound + 8
                for _ in 0..<entries {
                    guard let item = number(at: offset, size: idSize, end: end),
                          let associations = number(at: offset + idSize, size: 1, end: end) else { break }
                    offset += idSize + 1
                    for _ in 0..<associations {
                        guard let association = number(at: offset, size: indexSize, end: end) else { break }
                        offset += indexSize
                        let index = association & (indexSize == 2 ? 0x7FFF : 0x7F)
                        if let size = pixels[index] { sizes[item] = size }
                    }
                }
            }
            return sizes
        }
    }
}
