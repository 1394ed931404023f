import PixelKit

/// The frame count of a HEIF/AVIF image sequence (brands `msf1`, `hevc`, `avis`): the samples of
/// its first visual track, read from the ISO-BMFF boxes `moov` → `trak` (handler `pict` or `vide`;
/// an AVIF alpha track's `auxv` is not one) → `mdia` → `minf` → `stbl` → `stsz`/`stz2` sample
/// count, or the sum of the `stts` run lengths. libheif 1.15 has no sequence API and decodes the
/// file's primary image (its `meta` box), which is what decodes deliver.
///
/// Bounded: only box headers and the few fields above are read, from the bytes libheif is given
/// anyway; every box must lie inside its parent (else the walk stops and the file counts as one
/// image, as libheif, which ignores `moov`, reads it); at most `maxChunkCount` boxes are visited.
enum HEIFSequence {
    /// The first visual track's sample count, or 1 for a file without one (a still image).
    /// - Throws: `ImageError.limitExceeded` when the count exceeds `limits.maxFrames`, or when more
    ///   than `limits.maxChunkCount` boxes are walked.
    static func frameCount<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, limits: DecodingLimits
    ) throws(ImageError) -> Int where Bytes.Index == Int {
        var walk = Walk(bytes: bytes, limits: limits)
        guard let moov = try walk.children(of: bytes.startIndex..<bytes.endIndex).first(where: { $0.type == "moov" }) else { return 1 }
        for trak in try walk.children(of: moov.body) where trak.type == "trak" {
            guard let mdia = try walk.child("mdia", of: trak.body),
                  let handler = try walk.child("hdlr", of: mdia.body),
                  let handlerType = walk.fourCC(at: handler.body.lowerBound + 8, in: handler.body),
                  handlerType == "pict" || handlerType == "vide" else { continue }
            guard let minf = try walk.child("minf", of: mdia.body), let stbl = try walk.child("stbl", of: minf.body),
                  let samples = try walk.sampleCount(stbl.body) else { return 1 }
            guard samples <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: samples, limit: limits.maxFrames)) }
            return max(samples, 1)
        }
        return 1
    }

    /// One box: its four-character type and where its contents lie.
    struct Box {
        let type: String
        let body: Range<Int>
    }

    /// The walk's reads and its box budget.
    private struct Walk<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
        let bytes: Bytes
        let limits: DecodingLimits
        var boxes = 0

        init(bytes: Bytes, limits: DecodingLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        /// The boxes inside `range`, up to the first whose size breaks it (that one and those after
        /// it are not returned).
        mutating func children(of range: Range<Int>) throws(ImageError) -> [Box] {
            var result: [Box] = []
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                boxes += 1
                guard boxes <= max(1, limits.maxChunkCount) else {
                    throw .limitExceeded(.chunkCount(kind: "HEIF boxes", count: boxes, limit: limits.maxChunkCount))
                }
                guard let size32 = uint32(at: offset, in: range), let type = fourCC(at: offset + 4, in: range) else { break }
                var header = 8, size = size32
                if size32 == 1 {
                    // A 64-bit size follows the type; above Int.max it cannot fit the input anyway.
                    guard let high = uint32(at: offset + 8, in: range), let low = uint32(at: offset + 12, in: range),
                          high < 1 << 31 else { break }
                    header = 16
                    size = high << 32 | low
                } else if size32 == 0 {
                    // The box runs to the end of its parent.
                    size = range.upperBound - offset
                }
                guard size >= header, size <= range.upperBound - offset else { break }
                result.append(Box(type: type, body: offset + header..<offset + size))
                offset += size
            }
            return result
        }

        /// The first box of `type` inside `range`.
        mutating func child(_ type: String, of range: Range<Int>) throws(ImageError) -> Box? {
            try children(of: range).first { $0.type == type }
        }

        /// The sample count of a sample table: `stsz`'s or `stz2`'s, else the sum of `stts`'s runs.
        mutating func sampleCount(_ stbl: Range<Int>) throws(ImageError) -> Int? {
            let boxes = try children(of: stbl)
            // Both start with version and flags (4 bytes); stsz then has sample_size, stz2 a reserved
            // 24 bits and field_size, then sample_count.
            if let sizes = boxes.first(where: { $0.type == "stsz" || $0.type == "stz2" }) {
                return uint32(at: sizes.body.lowerBound + 8, in: sizes.body)
            }
            guard let times = boxes.first(where: { $0.type == "stts" }),
                  let entries = uint32(at: times.body.lowerBound + 4, in: times.body) else { return nil }
            var total = 0
            // Each entry is 8 bytes after the 8 of version, flags and entry count, inside the box, so
            // the loop is bounded by the input's length whatever the entry count says.
            for entry in 0..<min(entries, (times.body.count - 8) / 8) {
                guard let count = uint32(at: times.body.lowerBound + 8 + entry * 8, in: times.body) else { return nil }
                total += count
                guard total <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: total, limit: limits.maxFrames)) }
            }
            return total
        }

        /// A big-endian 32-bit value at `offset`, nil unless all 4 bytes lie in `range`.
        func uint32(at offset: Int, in range: Range<Int>) -> Int? {
            guard offset >= range.lowerBound, offset <= range.upperBound - 4 else { return nil }
            return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }

        /// The four characters at `offset`, nil unless they lie in `range`.
        func fourCC(at offset: Int, in range: Range<Int>) -> String? {
            guard offset >= range.lowerBound, offset <= range.upperBound - 4 else { return nil }
            return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        }
    }
}
