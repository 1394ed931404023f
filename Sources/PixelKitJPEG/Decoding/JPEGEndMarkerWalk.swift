import PixelKit

/// Whether a JPEG's markers lead to its EOI, walked as libjpeg reads them: segments skipped by
/// their lengths, each scan's entropy-coded data byte by byte up to the next marker (stuffed
/// `FF 00` and restart markers belong to the data), stray bytes between markers skipped. Bytes
/// after EOI (a trailer of any length, which libjpeg ignores) are never read.
///
/// For ``JPEGTailCheck`` when no EOI is among the file's last bytes: then the file either ends
/// early, or carries more than ``JPEGTailCheck/searchedBytes`` after its EOI. One pass over the
/// input, in 64 KiB reads of a file (the decode's own opening).
struct JPEGEndMarkerWalk {
    private let input: JPEGDecompressor.Input
    private var chunk: [UInt8] = []
    private var chunkStart = 0
    private var offset = 0
    private static let readSize = 64 << 10

    init(_ input: JPEGDecompressor.Input) { self.input = input }

    private var count: Int {
        switch input {
        case .memory(let bytes): bytes.count
        case .file(let file): file.size
        }
    }

    /// The next byte, nil at the end (or when a file cannot be read).
    private mutating func next() -> UInt8? {
        guard offset < count else { return nil }
        switch input {
        case .memory(let bytes):
            defer { offset += 1 }
            return bytes[offset]
        case .file(let file):
            if offset < chunkStart || offset >= chunkStart + chunk.count {
                let length = min(Self.readSize, count - offset)
                guard let bytes = try? file.bytes(at: offset, count: length), bytes.count == length else { return nil }
                chunk = bytes
                chunkStart = offset
            }
            defer { offset += 1 }
            return chunk[offset - chunkStart]
        }
    }

    /// The marker after `FF` and any fill bytes, nil at the end.
    private mutating func markerAfterPrefix() -> UInt8? {
        var marker = next()
        while marker == 0xFF { marker = next() }
        return marker
    }

    /// Whether the walk from SOI reaches an EOI marker.
    mutating func reachesEOI() -> Bool {
        offset = 0
        guard next() == 0xFF, next() == 0xD8 else { return false }
        var inScan = false
        while true {
            guard let byte = next() else { return false }
            // Entropy-coded data and stray bytes alike: only an FF can start a marker.
            guard byte == 0xFF, let marker = markerAfterPrefix() else { continue }
            if inScan, marker == 0x00 || (0xD0...0xD7).contains(marker) { continue }
            switch marker {
            case 0xD9:
                return true
            case 0x00, 0x01, 0xD0...0xD8:
                continue
            default:
                guard let high = next(), let low = next() else { return false }
                let length = Int(high) << 8 | Int(low)
                guard length >= 2 else { return false }
                offset += length - 2
                inScan = marker == 0xDA
            }
        }
    }
}
