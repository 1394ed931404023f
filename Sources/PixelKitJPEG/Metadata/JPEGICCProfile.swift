import PixelKit

/// A JPEG's ICC profile as its APP2 `ICC_PROFILE` markers carry it: pieces numbered 1…count,
/// reassembled in sequence order (ICC.1 Annex B.4), whatever order the file has them in; and the
/// markers written for an encoder's profile.
struct JPEGICCProfile {
    /// One marker's piece: its sequence number and count as stated, and its payload.
    struct Piece {
        var sequence: Int
        var count: Int
        var bytes: [UInt8]
    }

    let pieces: [Piece]
    /// Payload bytes of every piece in the file, including those not kept past the byte limit.
    let bytesSeen: Int

    /// nil without markers; the profile's ``ColorSpace`` (see ``ColorSpace/init(embeddedProfile:limits:)``);
    /// or ``ColorSpace/unconvertible(_:)`` when the pieces exceed `limits.maxColorProfileBytes` or
    /// are damaged: counts that disagree, a sequence number of 0 or above the count, one missing or repeated.
    func colorSpace(limits: DecodingLimits) -> ColorSpace? {
        guard bytesSeen > 0 || !pieces.isEmpty else { return nil }
        guard bytesSeen <= limits.maxColorProfileBytes else {
            return .unconvertible(.unusableProfile(.tooLarge(byteCount: bytesSeen, limit: limits.maxColorProfileBytes)))
        }
        do throws(ColorConversionIssue) {
            return ColorSpace(embeddedProfile: try reassembled(), limits: limits)
        } catch {
            return .unconvertible(error)
        }
    }

    /// The most profile bytes one APP2 marker carries: 65,535 less the length field and the 14-byte
    /// `ICC_PROFILE\0`, sequence number and count.
    static let maxPieceBytes = 65_519

    /// `jpeg` with `profile` in APP2 `ICC_PROFILE` markers (numbered 1…n of n) after its leading
    /// APP0/APP1 segments (JFIF, EXIF), where readers expect them; unchanged for bytes that don't
    /// start with SOI or a profile too large for 255 markers.
    static func inserting(_ profile: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let pieces = stride(from: 0, to: profile.count, by: maxPieceBytes).map { profile[$0..<min($0 + maxPieceBytes, profile.count)] }
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8, (1...255).contains(pieces.count) else { return jpeg }
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF, jpeg[position + 1] == 0xE0 || jpeg[position + 1] == 0xE1 {
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            guard position + 2 + length <= jpeg.count else { break }
            position += 2 + length
        }
        var result = Array(jpeg[..<position])
        for (index, piece) in pieces.enumerated() {
            let length = 2 + 14 + piece.count
            result += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(pieces.count)]
            result += piece
        }
        return result + jpeg[position...]
    }

    /// The pieces' payloads in sequence order.
    /// - Throws: ``ColorConversionIssue/damagedProfileMarkers(_:)`` naming the damage.
    func reassembled() throws(ColorConversionIssue) -> [UInt8] {
        guard let count = pieces.first?.count else { throw .damagedProfileMarkers("ICC_PROFILE markers past the 256 kept") }
        guard pieces.allSatisfy({ $0.count == count }) else {
            throw .damagedProfileMarkers("ICC_PROFILE markers state different counts (\(Set(pieces.map(\.count)).sorted()))")
        }
        var bySequence = [[UInt8]?](repeating: nil, count: count + 1)
        for piece in pieces {
            guard piece.sequence >= 1, piece.sequence <= count else {
                throw .damagedProfileMarkers("ICC_PROFILE marker sequence number \(piece.sequence) outside 1…\(count)")
            }
            guard bySequence[piece.sequence] == nil else {
                throw .damagedProfileMarkers("ICC_PROFILE marker \(piece.sequence) of \(count) repeated")
            }
            bySequence[piece.sequence] = piece.bytes
        }
        if let missing = (1...max(count, 1)).first(where: { bySequence[$0] == nil }) {
            throw .damagedProfileMarkers("ICC_PROFILE marker \(missing) of \(count) missing")
        }
        return bySequence.dropFirst().flatMap { $0 ?? [] }
    }
}
