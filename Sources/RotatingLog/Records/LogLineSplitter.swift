/// Cuts a byte stream (e.g. standard input, as `pixelkit log` does) into record messages: one per
/// line, and a line longer than ``pieceBytes`` as several consecutive messages of at most
/// ``pieceBytes`` bytes each, cut at a UTF-8 boundary, all with that line's number.
///
/// Nothing is dropped, memory stays bounded by ``pieceBytes`` whatever the input (one 128 MB line
/// without a newline included), and each byte is looked at once, so time is linear in the input.
/// Choose ``pieceBytes`` so that a formatted record fits ``LogPolicy/maxRecordBytes``.
public struct LogLineSplitter: Sendable {
    /// The most message bytes one piece carries.
    public let pieceBytes: Int
    /// The line the pending bytes belong to (1-based).
    public private(set) var lineNumber = 1
    private var pending: [UInt8] = []

    /// Creates a splitter; `pieceBytes` must be at least 4 (any UTF-8 character fits).
    public init(pieceBytes: Int) {
        precondition(pieceBytes >= 4, "a piece must hold any UTF-8 character")
        self.pieceBytes = pieceBytes
        pending.reserveCapacity(pieceBytes)
    }

    /// Feeds the next bytes read; `emit` receives each complete piece (without its newline) and
    /// its line number, in order.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: (ArraySlice<UInt8>, Int) -> Void) {
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            if let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                append(UnsafeRawBufferPointer(rebasing: rest[..<newline]), emit: emit)
                emit(pending[...], lineNumber)
                pending.removeAll(keepingCapacity: true)
                lineNumber += 1
                start += newline - rest.startIndex + 1
            } else {
                append(rest, emit: emit)
                start = bytes.count
            }
        }
    }

    /// Emits what remains when the input ended without a final newline.
    public mutating func finish(emit: (ArraySlice<UInt8>, Int) -> Void) {
        if !pending.isEmpty { emit(pending[...], lineNumber) }
        pending.removeAll()
    }

    /// Adds part of a line, emitting full pieces as soon as they exceed `pieceBytes`.
    private mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (ArraySlice<UInt8>, Int) -> Void) {
        var offset = 0
        while offset < bytes.count {
            let room = pieceBytes + 3 - pending.count  // 3 bytes past the piece to find a UTF-8 boundary
            let take = min(room, bytes.count - offset)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + take)]))
            offset += take
            guard pending.count > pieceBytes else { continue }
            var cut = pieceBytes
            while cut > pieceBytes - 3, pending[cut] & 0b1100_0000 == 0b1000_0000 { cut -= 1 }
            emit(pending[..<cut], lineNumber)
            pending.removeSubrange(..<cut)
        }
    }
}
