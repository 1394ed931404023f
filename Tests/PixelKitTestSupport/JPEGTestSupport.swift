import PixelKit
import PixelKitJPEG

/// Shared helpers for the JPEG tests.
package enum JPEGTesting {
    package static let codec = JPEGCodec()

    /// Decodes a fixture (streamed from its file) into a `JPEGBlockWeightedSums`.
    package static func sums(
        _ file: String, options: DecodeOptions = .init(strictness: .strict)
    ) throws -> (sink: JPEGBlockWeightedSums, report: DecodeReport) {
        let stored = try codec.probe(.file(path: Fixtures.path(file)), limits: .init()).size
        var sink = JPEGBlockWeightedSums(storedSize: stored)
        let report = try codec.decode(.file(path: Fixtures.path(file)), options: options, into: &sink)
        return (sink, report)
    }

    /// Decodes bytes into a whole image.
    package static func image(_ bytes: [UInt8], options: DecodeOptions = .init()) throws(ImageError) -> (image: RGBAImage, report: DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try codec.decode(.bytes(bytes), options: options, into: &collector)
        return (collector.image, report)
    }

    /// Mean absolute difference of the RGB samples of two same-sized images.
    package static func meanAbsoluteDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.size == b.size)
        var total = 0
        for index in a.pixels.indices where index & 3 != 3 {
            total += abs(Int(a.pixels[index]) - Int(b.pixels[index]))
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// Offsets of every `FF xx` marker with this second byte (a byte-level scan, independent of libjpeg).
    package static func markerOffsets(_ bytes: [UInt8], marker: UInt8) -> [Int] {
        guard bytes.count >= 2 else { return [] }
        return (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }
    }

    /// `jpeg` with four bytes of its entropy-coded data (past the first SOS) overwritten at places
    /// and with values drawn from `seed`.
    package static func overwritingEntropyData(of jpeg: [UInt8], seed: UInt64) -> [UInt8] {
        let scan = markerOffsets(jpeg, marker: 0xDA)[0] + 20
        let noise = randomBytes(count: 12, seed: seed)
        var bytes = jpeg
        for index in stride(from: 0, to: noise.count, by: 3) {
            let position = scan + (Int(noise[index]) << 8 | Int(noise[index + 1])) * (jpeg.count - scan - 2) / 65536
            bytes[position] = noise[index + 2]
        }
        return bytes
    }

    /// Deterministic pseudo-random bytes (``SeededGenerator``), so failures reproduce.
    package static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
}

/// Exact per-channel sums of RGBA8 rows (like `SummingSink`, with a loop fast enough for 2 MP
/// images in a debug build), plus, for a 1/8 decode, the same sums with each pixel weighted by the
/// number of stored pixels its 8×8 block covers: 64, except in the last block column and row, which
/// cover only what is left of the stored size. Weighting by that area removes the partial-edge bias
/// from the full-size mean estimated at 1/8.
package struct JPEGBlockWeightedSums: RowSink {
    package let storedSize: PixelSize
    package private(set) var size = PixelSize(width: 0, height: 0)
    package private(set) var sums: [Int] = [0, 0, 0, 0]
    package private(set) var weightedSums: [Int] = [0, 0, 0, 0]
    package private(set) var rows = 0

    package init(storedSize: PixelSize) { self.storedSize = storedSize }

    package mutating func begin(size: PixelSize) { self.size = size }

    /// Stored pixels covered by 1/8-scale output index `index` along a side of `stored` pixels
    /// (1 at full size, where `count == stored`).
    private static func coverage(_ index: Int, count: Int, stored: Int) -> Int {
        count == stored ? 1 : min(8, stored - 8 * index)
    }

    package mutating func consume(_ row: PixelRow) {
        precondition(row.y == rows, "rows out of order")
        rows += 1
        let rowWeight = Self.coverage(row.y, count: size.height, stored: storedSize.height)
        var (r, g, b, a) = (0, 0, 0, 0)
        var (wr, wg, wb, wa) = (0, 0, 0, 0)
        let pixels = row.pixels
        var x = 0
        var offset = 0
        while offset < pixels.count {
            let weight = Self.coverage(x, count: size.width, stored: storedSize.width)
            let (pr, pg, pb, pa) = (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]), Int(pixels[offset + 3]))
            r += pr; g += pg; b += pb; a += pa
            wr += pr * weight; wg += pg * weight; wb += pb * weight; wa += pa * weight
            x += 1
            offset += 4
        }
        sums[0] += r; sums[1] += g; sums[2] += b; sums[3] += a
        weightedSums[0] += wr * rowWeight; weightedSums[1] += wg * rowWeight
        weightedSums[2] += wb * rowWeight; weightedSums[3] += wa * rowWeight
    }

    /// Plain mean of the delivered pixels.
    package var means: [Double] { sums.map { Double($0) / Double(max(size.pixelCount, 1)) } }
    /// Mean over the stored image estimated from a 1/8 decode (equal to `means` at full size).
    package var weightedMeans: [Double] { weightedSums.map { Double($0) / Double(max(storedSize.pixelCount, 1)) } }
}

/// Counts rows, checking their order and width: a cheap sink for decodes whose pixels do not matter.
package struct JPEGRowCounter: RowSink {
    package init() {}

    package private(set) var size = PixelSize(width: 0, height: 0)
    package private(set) var rows = 0

    package mutating func begin(size: PixelSize) { self.size = size }

    package mutating func consume(_ row: PixelRow) {
        precondition(row.y == rows && row.width == size.width, "row out of order or of the wrong width")
        rows += 1
    }
}
