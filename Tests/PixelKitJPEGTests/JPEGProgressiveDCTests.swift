import PixelKit
@testable import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// The DC scan decoder behind the progressive 1/8 shortcut (`JPEGProgressiveDCDecoder`): same rows as
/// libjpeg's buffered-image shortcut, a few hundred bytes to ~1 MB of state, and untrusted input handled.
@Suite struct JPEGProgressiveDCTests {
    /// A lenient 1/8 decode: the shortcut's (a strict one decodes every scan through libjpeg, for
    /// the full decode's verdict).
    static let eighth = DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), strictness: .lenient)
    /// A strict 1/8 decode.
    static let strictEighth = DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), strictness: .strict)
    static let fixtures = ["jpeg/libjpeg-turbo/testimgp.jpg", "jpeg/reftest/jpg-progressive.jpg"]

    /// The DC decoder left a file to libjpeg where it should have decoded it.
    struct Declined: Error {}

    /// Decodes through the DC decoder directly (failing if it would fall back to libjpeg).
    static func dcDecode(
        _ bytes: [UInt8], strict: Bool = true, limits: DecodingLimits = .init()
    ) throws -> (image: RGBAImage, streaming: Bool, memory: Int, warnings: [DecodeWarning]) {
        let colorModel = try JPEGTesting.codec.probe(.bytes(bytes), limits: limits).colorModel
        return try bytes.withUnsafeBufferPointer { buffer in
            guard var decoder = try JPEGProgressiveDCDecoder(
                .memory(buffer), colorModel: colorModel, strict: strict, maxMemoryBytes: limits.maxMemoryBytes,
                budget: JPEGBudget(limits: limits, deadline: nil))
            else { throw Declined() }
            let size = decoder.outputSize
            var pixels = [UInt8](repeating: 0, count: size.width * 4 * size.height)
            let rows = try pixels.withUnsafeMutableBufferPointer { all in
                var done = 0
                while done < size.height {
                    let target = UnsafeMutableBufferPointer(rebasing: all[(done * size.width * 4)...])
                    let count = try decoder.readRows(into: target, stride: size.width * 4, maxRows: min(3, size.height - done))
                    if count == 0 { break }
                    done += count
                }
                return done
            }
            #expect(rows == size.height)
            return (RGBAImage(width: size.width, height: size.height, pixels: pixels), decoder.isStreaming, decoder.memoryBytes, decoder.warnings)
        }
    }

    /// Whether the DC decoder leaves `bytes` to libjpeg (returns nil from its initializer).
    static func declines(_ bytes: [UInt8], colorModel: ImageInfo.ColorModel) throws -> Bool {
        try bytes.withUnsafeBufferPointer { buffer in
            if let _ = try JPEGProgressiveDCDecoder(
                .memory(buffer), colorModel: colorModel, strict: true, maxMemoryBytes: 1 << 30, budget: JPEGBudget(limits: .init(), deadline: nil)) {
                return false
            }
            return true
        }
    }

    /// The 1/8 shortcut through libjpeg's buffered-image mode (the previous implementation).
    static func bufferedImage(_ bytes: [UInt8], options: DecodeOptions = eighth) throws -> RGBAImage {
        var collector = RGBAImageCollector()
        _ = try JPEGTesting.codec.decode(.bytes(bytes), options: options, shortcutEngine: .libjpegBufferedImage, into: &collector)
        return collector.image
    }

    static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.size == b.size)
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Progressive re-encodings of a real photo by TurboJPEG (its standard scan script: the first
    /// scan interleaves every component's DC, so the decoder streams).
    static let photoVariants: [String: [UInt8]] = {
        guard let bytes = try? Fixtures.bytes("photos/rocket.jpg"), let (photo, _) = try? JPEGTesting.image(bytes) else { return [:] }
        var result: [String: [UInt8]] = [:]
        for subsampling in [EncodeOptions.ChromaSubsampling.yuv420, .yuv444] {
            result["rocket-\(subsampling)"] = try? JPEGTesting.codec.encode(
                photo, options: EncodeOptions(quality: 0.92, chromaSubsampling: subsampling, progressive: true))
        }
        return result
    }()

    // MARK: - Same pixels as libjpeg

    /// Every pixel equals libjpeg's buffered-image shortcut (max difference 0): both decode the same
    /// DC scans, libjpeg's 1×1/2×2 scaled IDCTs reduce to DC·Q/8 + 128, and the bias, conversion
    /// and dither are the same formulas.
    @Test(arguments: fixtures + ["rocket-yuv420", "rocket-yuv444"])
    func equalsLibjpegBufferedImageShortcut(name: String) throws {
        let bytes = try name.hasPrefix("rocket") ? #require(Self.photoVariants[name]) : Fixtures.bytes(name)
        let dc = try Self.dcDecode(bytes)
        #expect(dc.streaming)
        #expect(dc.warnings.isEmpty)
        let libjpeg = try Self.bufferedImage(bytes)
        #expect(Self.maxDifference(dc.image, libjpeg) == 0)
        // And through the codec's public API, from memory and from a file.
        let (viaCodec, report) = try JPEGTesting.image(bytes, options: Self.eighth)
        #expect(viaCodec.pixels == dc.image.pixels)
        #expect(report.outputSize == PixelSize(width: dc.image.width, height: dc.image.height))
        if !name.hasPrefix("rocket") {
            var collector = RGBAImageCollector()
            _ = try JPEGTesting.codec.decode(.file(path: Fixtures.path(name)), options: Self.eighth, into: &collector)
            #expect(collector.image.pixels == dc.image.pixels)
        }
    }

    /// The photo's 1/8 shortcut mean (block-weighted) is within 1.0 of its full-size decode.
    @Test(arguments: ["rocket-yuv420", "rocket-yuv444"])
    func photoMeanIsWithinOneOfFullDecode(name: String) throws {
        let bytes = try #require(Self.photoVariants[name])
        let (full, _) = try JPEGTesting.image(bytes)
        var sink = JPEGBlockWeightedSums(storedSize: full.size)
        _ = try JPEGTesting.codec.decode(.bytes(bytes), options: Self.eighth, into: &sink)
        var fullSums = [0, 0, 0, 0]
        for (index, value) in full.pixels.enumerated() { fullSums[index & 3] += Int(value) }
        for channel in 0..<4 {
            let exact = Double(fullSums[channel]) / Double(full.size.pixelCount)
            #expect(abs(sink.weightedMeans[channel] - exact) < 1.0, "\(name): \(sink.weightedMeans) vs \(fullSums)")
        }
    }

    // MARK: - Scan structures libjpeg-turbo does not write

    /// A structure, its sampling and the Al the decoder is expected to stop at per component.
    struct Structure: CustomTestStringConvertible, Sendable {
        var name: String
        var components: [(id: UInt8, h: Int, v: Int)]
        var scans: [(components: [Int], ah: Int, al: Int)]
        var jfif = true
        var restartInterval = 0
        var width = 53
        var height = 37
        var testDescription: String { name }

        var writer: JPEGDCScanWriter {
            JPEGDCScanWriter(
                width: width, height: height,
                components: components.map { JPEGDCScanWriter.Component(id: $0.id, h: $0.h, v: $0.v) },
                scans: scans.map { JPEGDCScanWriter.Scan(components: $0.components, ah: $0.ah, al: $0.al) },
                quantizer: 6, restartInterval: restartInterval, jfif: jfif,
                coefficient: { c, x, y in ((x * 37 + y * 91 + c * 53) % 301 - 150) * (c == 0 ? 1 : 2) / 2 + (c == 0 ? 0 : 20) })
        }

        /// The first scan carries every component: rows stream and only that scan is read.
        var streams: Bool { scans[0].components.count == components.count }

        /// Bits left out per component: streaming reads only the first scan; otherwise every DC
        /// scan is read (these files hold no AC scan), the last one giving each component's precision.
        var missingBits: [Int] {
            var missing = [Int](repeating: -1, count: components.count)
            for scan in streams ? [scans[0]] : scans {
                for c in scan.components { missing[c] = scan.al }
            }
            return missing
        }
    }

    static let ycc = [(id: UInt8(1), h: 2, v: 2), (id: UInt8(2), h: 1, v: 1), (id: UInt8(3), h: 1, v: 1)]
    static let structures: [Structure] = [
        Structure(name: "gray, one scan", components: [(1, 1, 1)], scans: [([0], 0, 0)]),
        Structure(name: "gray 2×2 factors, Al 2 + refinements (streamed: not read)", components: [(1, 2, 2)],
                  scans: [([0], 0, 2), ([0], 2, 1), ([0], 1, 0)], width: 40, height: 9),
        Structure(name: "4:2:0 interleaved, Al 1, restarts every 3 MCUs", components: ycc,
                  scans: [([0, 1, 2], 0, 1), ([0, 1, 2], 1, 0)], restartInterval: 3),
        Structure(name: "4:2:2 one scan per component", components: [(1, 2, 1), (2, 1, 1), (3, 1, 1)],
                  scans: [([0], 0, 0), ([1], 0, 0), ([2], 0, 0)]),
        Structure(name: "4:4:0 Y then CbCr, Al 1, refined", components: [(1, 1, 2), (2, 1, 1), (3, 1, 1)],
                  scans: [([0], 0, 1), ([1, 2], 0, 1), ([0, 1, 2], 1, 0)], restartInterval: 2),
        Structure(name: "RGB 4:4:4 per component, Al 2 + two refinements, restarts", components: [(82, 1, 1), (71, 1, 1), (66, 1, 1)],
                  scans: [([0], 0, 2), ([2], 0, 2), ([1], 0, 2), ([0, 1, 2], 2, 1), ([1], 1, 0)], jfif: false, restartInterval: 5),
        Structure(name: "chroma sampled finer than luma", components: [(1, 1, 1), (2, 2, 2), (3, 1, 2)],
                  scans: [([0, 1, 2], 0, 0)], width: 70, height: 33),
        Structure(name: "4:2:0 Cr, Cb, then Y, 1×1 image", components: ycc,
                  scans: [([2], 0, 0), ([1], 0, 0), ([0], 0, 1)], width: 1, height: 1),
    ]

    /// The pixels the decoder must produce, computed here from the coefficients the writer encoded:
    /// libjpeg's 1×1 IDCT (DC·Q/8 rounded, + 128, clamped), the missing bits' expected value, then
    /// gray, RGB or libjpeg's YCbCr→RGB constants, rounded by the 2×2 ordered dither.
    static func expectedPixels(_ structure: Structure) -> [UInt8] {
        let writer = structure.writer
        let missing = structure.missingBits
        let q = writer.quantizer
        let (w, h) = ((writer.width + 7) / 8, (writer.height + 7) / 8)
        let thresholds = [8192, 40960, 57344, 24576]
        func fixed(_ value: Int, _ threshold: Int) -> UInt8 { UInt8(clamping: (value + threshold) >> 16) }
        var pixels: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let samples = (0..<writer.components.count).map { c -> Int in
                    let bx = x * writer.h(c) / writer.maxH, by = y * writer.v(c) / writer.maxV
                    let coefficient = (writer.value(c, bx, by) >> missing[c]) << missing[c]
                    let sample = min(max((coefficient * q + 4) >> 3, -128), 127) + 128
                    return sample << 16 + ((1 << missing[c]) - 1) * q * 4096
                }
                let threshold = thresholds[(y & 1) * 2 + (x & 1)]
                if samples.count == 1 {
                    pixels += [UInt8](repeating: fixed(samples[0], threshold), count: 3)
                } else if !structure.jfif {
                    pixels += samples.map { fixed($0, threshold) }
                } else {
                    let (luma, cb, cr) = (samples[0], samples[1] - 128 << 16, samples[2] - 128 << 16)
                    pixels += [fixed(luma + (91881 * cr) >> 16, threshold),
                               fixed(luma - (22554 * cb + 46802 * cr) >> 16, threshold),
                               fixed(luma + (116130 * cb) >> 16, threshold)]
                }
                pixels.append(255)
            }
        }
        return pixels
    }

    @Test(arguments: structures)
    func decodesScanStructure(structure: Structure) throws {
        let bytes = structure.writer.bytes()
        let dc = try Self.dcDecode(bytes)
        #expect(dc.streaming == structure.streams)
        #expect(dc.warnings.isEmpty)
        #expect(dc.image.size == PixelSize(width: (structure.width + 7) / 8, height: (structure.height + 7) / 8))
        #expect(dc.image.pixels == Self.expectedPixels(structure))
        // Where both read the same scans (no refinement read), libjpeg's buffered image agrees exactly.
        if structure.streams || structure.scans.allSatisfy({ $0.ah == 0 }) {
            #expect(Self.maxDifference(dc.image, try Self.bufferedImage(bytes)) == 0)
        }
    }

    // MARK: - Memory

    /// Streaming keeps one MCU row of DC values: (MCUs across × H) × V blocks per component, 2 bytes each;
    /// whole-image planes keep (MCUs across × H) × (MCUs down × V). A limit below that is refused.
    @Test func memoryIsOneMCURowWhenStreaming() throws {
        let bytes = try #require(Self.photoVariants["rocket-yuv420"])
        let dc = try Self.dcDecode(bytes)
        let mcusAcross = (640 + 15) / 16
        #expect(dc.memory == (mcusAcross * 2 * 2 + 2 * mcusAcross) * 2)

        let planes = try #require(Self.structures.first { $0.name.hasPrefix("4:2:2") })
        let planeBytes = planes.writer.bytes()
        let planeDecode = try Self.dcDecode(planeBytes)
        let (across, down) = ((53 + 15) / 16, (37 + 7) / 8)
        #expect(!planeDecode.streaming)
        #expect(planeDecode.memory == (across * 2 * down + 2 * across * down) * 2)

        // Through the codec, the limit covers the DC buffers plus one batch of output rows.
        let batch = 16 * ((53 + 7) / 8) * 4
        let needed = planeDecode.memory + batch
        #expect(throws: ImageError.limitExceeded(.memory(bytes: needed, limit: needed - 1))) {
            try JPEGTesting.image(planeBytes, options: DecodeOptions(
                minimumSize: PixelSize(width: 1, height: 1), limits: DecodingLimits(maxMemoryBytes: needed - 1)))
        }
        #expect(throws: Never.self) {
            try JPEGTesting.image(planeBytes, options: DecodeOptions(
                minimumSize: PixelSize(width: 1, height: 1), limits: DecodingLimits(maxMemoryBytes: needed)))
        }
    }

    // MARK: - Untrusted input

    /// Offset just past the entropy-coded data of the first scan: the first marker after the first
    /// SOS header that is neither a stuffed byte (FF 00) nor RSTn (a byte scan, independent of the decoder).
    static func endOfFirstScan(_ bytes: [UInt8]) throws -> (dataStart: Int, dataEnd: Int) {
        let sos = try #require(JPEGTesting.markerOffsets(bytes, marker: 0xDA).first)
        let start = sos + 2 + (Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3]))
        var end = start
        while end + 1 < bytes.count, !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) {
            end += 1
        }
        return (start, end)
    }

    /// Every cut of testimgp.jpg. Cut inside the first scan's data: strict throws `.truncated`, lenient
    /// delivers every row, warns, and each 2×2-pixel MCU (4:2:0) is either as in the intact file or
    /// as when no data arrived, the intact ones forming a prefix in MCU order that never shrinks as
    /// the cut moves on. Cut at or after its end: the intact image, no warning (nothing more is read).
    /// Cut before the data: libjpeg's header reading already reports `.truncated`.
    @Test func everyTruncationOfTestimgp() throws {
        let bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        let (dataStart, dataEnd) = try Self.endOfFirstScan(bytes)
        let intact = try Self.dcDecode(bytes).image
        let empty = try Self.dcDecode(Array(bytes[..<dataStart]), strict: false).image
        let (width, height) = (intact.width, intact.height)
        let mcusAcross = (width + 1) / 2
        func mcuMatches(_ image: RGBAImage, _ reference: RGBAImage, _ mcu: Int) -> Bool {
            let (mx, my) = (mcu % mcusAcross, mcu / mcusAcross)
            for y in (2 * my)..<min(2 * my + 2, height) {
                for x in (2 * mx)..<min(2 * mx + 2, width) {
                    let offset = (y * width + x) * 4
                    if image.pixels[offset..<offset + 4] != reference.pixels[offset..<offset + 4] { return false }
                }
            }
            return true
        }
        let mcuCount = mcusAcross * ((height + 1) / 2)
        var previousPrefix = 0
        for length in 1..<bytes.count {
            let cut = Array(bytes.prefix(length))
            if length < dataStart {
                #expect(throws: ImageError.self) { try JPEGTesting.image(cut, options: Self.strictEighth) }
                continue
            }
            if length >= dataEnd {
                let decoded = try Self.dcDecode(cut)
                #expect(decoded.image.pixels == intact.pixels && decoded.warnings.isEmpty, "cut at \(length)")
                continue
            }
            #expect(throws: ImageError.truncated(format: .jpeg, message: "Premature end of JPEG file")) {
                try JPEGTesting.image(cut, options: Self.strictEighth)
            }
            let (image, report) = try JPEGTesting.image(cut, options: Self.eighth)
            #expect(report.warnings == [DecodeWarning(format: .jpeg, message: "Premature end of JPEG file")])
            let prefix = (0..<mcuCount).first { !mcuMatches(image, intact, $0) } ?? mcuCount
            #expect(prefix >= previousPrefix, "cut at \(length)")
            #expect(prefix < mcuCount, "cut at \(length) decoded everything")
            #expect((prefix..<mcuCount).allSatisfy { mcuMatches(image, empty, $0) }, "cut at \(length)")
            previousPrefix = prefix
        }
        #expect(previousPrefix > mcuCount / 2)
    }

    /// A few hundred single- and multi-byte corruptions (SplitMix64, fixed seed) of the headers and
    /// the first scan: each decode ends in rows of the right size or an `ImageError`, in both modes.
    @Test func corruptedBytesEndInRowsOrTypedErrors() throws {
        let bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        let (_, dataEnd) = try Self.endOfFirstScan(bytes)
        let random = JPEGTesting.randomBytes(count: 400 * 8, seed: 0xDC5CA9)
        var outcomes = (decoded: 0, failed: 0)
        for trial in 0..<400 {
            var damaged = bytes
            let flips = 1 + trial % 3
            for flip in 0..<flips {
                let r = random[(trial * 8 + flip * 2)...].prefix(2)
                let offset = 2 + (Int(r.first!) << 8 | Int(r.last!)) % (dataEnd + 8 - 2)
                damaged[offset] ^= max(1, random[trial * 8 + 6 + flip % 2])
            }
            for strictness in [DecodeOptions.Strictness.strict, .lenient] {
                var options = Self.eighth
                options.strictness = strictness
                var sink = JPEGRowCounter()
                do {
                    let report = try JPEGTesting.codec.decode(.bytes(damaged), options: options, into: &sink)
                    #expect(sink.rows == report.outputSize.height)
                    outcomes.decoded += 1
                } catch {
                    let _: ImageError = error  // typed throws: checked by the compiler: \(error)")
                    outcomes.failed += 1
                }
            }
        }
        #expect(outcomes.decoded > 0 && outcomes.failed > 0)
    }

    /// Malformed entropy data and markers are typed errors (strict DC decoder) with libjpeg's wording.
    @Test func badHuffmanCodeAndBadRestartAreMalformed() throws {
        var writer = try #require(Self.structures.first { $0.name.hasPrefix("4:2:0 interleaved") }).writer
        var bytes = writer.bytes()
        // All-ones bits are no code of table K.3 (its longest code is 1111 1111 0).
        let (start, _) = try Self.endOfFirstScan(bytes)
        bytes[start] = 0xFF
        bytes.insert(0x00, at: start + 1)
        bytes[start + 2] = 0xFF
        bytes.insert(0x00, at: start + 3)
        #expect(throws: ImageError.malformed(format: .jpeg, message: "Corrupt JPEG data: bad Huffman code")) {
            try Self.dcDecode(bytes)
        }
        // RST1 where RST0 belongs.
        writer.restartInterval = 1
        bytes = writer.bytes()
        let restart = try #require(JPEGTesting.markerOffsets(bytes, marker: 0xD0).first)
        bytes[restart + 1] = 0xD1
        #expect(throws: ImageError.malformed(format: .jpeg, message: "Corrupt JPEG data: found marker 0xd1 instead of RST0")) {
            try Self.dcDecode(bytes)
        }
    }

    /// Arithmetic-coded progressive (SOF10) and frames with other component counts are left to
    /// libjpeg: the DC decoder declines before producing anything.
    @Test func unsupportedFramesFallBack() throws {
        var bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        let frame = try #require(JPEGTesting.markerOffsets(bytes, marker: 0xC2).first)
        bytes[frame + 1] = 0xCA
        #expect(try Self.declines(bytes, colorModel: .ycbcr))
        let original = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        #expect(try Self.declines(original, colorModel: .cmyk))
        #expect(try Self.declines(original, colorModel: .gray))
        #expect(try !Self.declines(original, colorModel: .ycbcr))
    }
}
