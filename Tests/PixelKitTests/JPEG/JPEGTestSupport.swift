import PixelKit
import PixelKitJPEG

/// Shared helpers for the JPEG tests.
enum JPEGTesting {
    static let codec = JPEGCodec()

    /// Decodes a fixture (streamed from its file) into a `SummingSink`.
    static func sums(
        _ file: String, options: DecodeOptions = .init(strictness: .strict)
    ) throws -> (sink: SummingSink, report: DecodeReport) {
        var sink = SummingSink()
        let report = try codec.decode(.file(path: Fixtures.path(file)), options: options, into: &sink)
        return (sink, report)
    }

    /// Decodes bytes into a whole image.
    static func image(_ bytes: [UInt8], options: DecodeOptions = .init()) throws -> (image: RGBAImage, report: DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try codec.decode(.bytes(bytes), options: options, into: &collector)
        return (collector.image, report)
    }

    /// Mean absolute difference of the RGB samples of two same-sized images.
    static func meanAbsoluteDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.size == b.size)
        var total = 0
        for index in a.pixels.indices where index & 3 != 3 {
            total += abs(Int(a.pixels[index]) - Int(b.pixels[index]))
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// Offsets of every `FF xx` marker with this second byte (a byte-level scan, independent of libjpeg).
    static func markerOffsets(_ bytes: [UInt8], marker: UInt8) -> [Int] {
        guard bytes.count >= 2 else { return [] }
        return (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }
    }

    /// Deterministic pseudo-random bytes (SplitMix64), so failures reproduce.
    static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }
}
