import PixelKit

/// A JPEG's ICC profile as its APP2 `ICC_PROFILE` markers carry it: pieces numbered 1…count,
/// reassembled in sequence order (ICC.1 Annex B.4), whatever order the file has them in.
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
