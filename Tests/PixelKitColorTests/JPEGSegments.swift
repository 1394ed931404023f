/// A JPEG's marker segments before its first scan, for tests that rewrite them: `segments` are
/// (marker, payload) pairs after SOI, `rest` is everything from SOS on.
struct JPEGSegments {
    var segments: [(marker: UInt8, payload: [UInt8])]
    let rest: [UInt8]

    init(_ bytes: [UInt8]) {
        var offset = 2
        var segments: [(UInt8, [UInt8])] = []
        while bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            segments.append((bytes[offset + 1], Array(bytes[offset + 4..<offset + 2 + length])))
            offset += 2 + length
        }
        self.segments = segments
        rest = Array(bytes[offset...])
    }

    static let iccSignature = Array("ICC_PROFILE".utf8) + [0]

    /// The indices of the APP2 `ICC_PROFILE` segments.
    var iccIndices: [Int] {
        segments.indices.filter { segments[$0].marker == 0xE2 && segments[$0].payload.starts(with: Self.iccSignature) }
    }

    /// Replaces every ICC segment with `profile` in pieces of at most `pieceSize` bytes, numbered 1…n of n.
    mutating func embed(profile: [UInt8], pieceSize: Int = 65_519) {
        let at = iccIndices.first ?? 0
        segments.removeAll { $0.marker == 0xE2 && $0.payload.starts(with: Self.iccSignature) }
        let pieces = stride(from: 0, to: profile.count, by: pieceSize).map { Array(profile[$0..<min($0 + pieceSize, profile.count)]) }
        for (index, piece) in pieces.enumerated().reversed() {
            segments.insert((0xE2, Self.iccSignature + [UInt8(index + 1), UInt8(pieces.count)] + piece), at: at)
        }
    }

    var bytes: [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        for (marker, payload) in segments {
            let length = payload.count + 2
            out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        return out + rest
    }
}
