import Foundation
import PixelKit
@testable @_spi(Testing) import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Parse once: `JPEGCodec.readHeader` keeps libjpeg's decompressor after the first scan's header,
/// `decode(_:header:options:into:)` continues from it, and the DC-scan and split decoders start from
/// libjpeg's parsed header instead of parsing the markers again from SOI. Every path must give the
/// rows, reports and failures of the decode that parses everything itself.
@Suite struct JPEGHeaderOnceTests {
    static let codec = JPEGCodec()

    /// Every JPEG fixture, the damaged ones too.
    static let files: [String] = ["jpeg/libjpeg-turbo", "jpeg/reftest", "jpeg/restart-intervals", "jpeg/invalid", "pillow", "photos"]
        .flatMap { Fixtures.files(in: $0, where: { $0.hasSuffix(".jpg") }) }
        + ["exif-orientation/Landscape_6.jpg"]

    /// Full size, 1/2, 1/4 and 1/8 (the split decoder at 1/4 and 1/8, the DC-scan decoder at 1/8).
    static let minimumSizes: [PixelSize?] = [nil, PixelSize(width: 1, height: 1), PixelSize(width: 50, height: 50), PixelSize(width: 200, height: 100)]

    /// A decode's outcome, comparable: its rows and report, or its error.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded(RGBAImage, DecodeReport)
        case failed(ImageError)

        var description: String {
            switch self {
            case .decoded(let image, let report): "\(image.size) \(report)"
            case .failed(let error): "\(error)"
            }
        }
    }

    static func outcome(_ body: (inout RGBAImageCollector) throws(ImageError) -> DecodeReport) -> Outcome {
        var collector = RGBAImageCollector()
        do throws(ImageError) {
            let report = try body(&collector)
            return .decoded(collector.image, report)
        } catch {
            return .failed(error)
        }
    }

    /// Options whose decode goes through the split decoder for small files too (strict ones go to libjpeg).
    static func options(_ minimumSize: PixelSize?, strict: Bool = false) -> DecodeOptions {
        DecodeOptions(minimumSize: minimumSize, strictness: strict ? .strict : .lenient)
    }

    /// A header read, then decoded from (twice: the second reads it again), gives exactly what a decode
    /// that reads the header itself gives, from a file and from memory, at every scale and strictness.
    @Test(arguments: files)
    func aDecodeFromAHeaderEqualsAPlainDecode(_ file: String) throws {
        let bytes = try Fixtures.bytes(file)
        let sources: [ImageSource] = [.file(path: Fixtures.path(file)), .bytes(bytes), .data(Data(bytes))]
        for source in sources {
            for minimumSize in Self.minimumSizes {
                for strict in [false, true] {
                    let options = Self.options(minimumSize, strict: strict)
                    let plain = Self.outcome { (sink) throws(ImageError) in try Self.codec.decode(source, options: options, into: &sink) }
                    let header: JPEGCodec.Session
                    do {
                        header = try Self.codec.open(source, options: options)
                    } catch {
                        #expect(plain == .failed(error), "\(file): the header fails as the decode does")
                        continue
                    }
                    let first = Self.outcome { (sink) throws(ImageError) in try header.decode(options: options, into: &sink) }
                    let again = Self.outcome { (sink) throws(ImageError) in try header.decode(options: options, into: &sink) }
                    #expect(first == plain, "\(file) \(source.displayName) \(String(describing: minimumSize)) strict: \(strict)")
                    #expect(again == plain, "\(file): a header decoded a second time is read again")
                    if case .decoded(_, let report) = plain { #expect(header.info == report.info) }
                }
            }
        }
    }

    /// `probe` is the header's facts; a registry's reader (one opening, one header read) decodes as
    /// the registry's plain decode does.
    @Test(arguments: files)
    func probeIsTheHeadersFactsAndAReaderDecodesAsTheRegistry(_ file: String) throws {
        let source = ImageSource.file(path: Fixtures.path(file))
        let probed = Result { () throws(ImageError) in try Self.codec.probe(source, limits: .init()) }
        let read = Result { () throws(ImageError) in try Self.codec.open(source, options: .init()).info }
        #expect(probed == read)
        let registry = CodecRegistry([JPEGCodec()])
        for minimumSize in Self.minimumSizes {
            let options = Self.options(minimumSize)
            let plain = Self.outcome { (sink) throws(ImageError) in try registry.decode(source, options: options, into: &sink) }
            let continued = Self.outcome { (sink) throws(ImageError) in try registry.reader(for: source, options: options).decode(options: options, into: &sink) }
            #expect(continued == plain, "\(file) \(String(describing: minimumSize))")
        }
    }

    /// `bytes` with `inserted` right after SOI.
    static func afterSOI(_ bytes: [UInt8], _ inserted: [UInt8]) -> [UInt8] {
        Array(bytes.prefix(2)) + inserted + bytes.dropFirst(2)
    }

    /// A header read leniently that warned fails a strict decode from it with the strict read's error;
    /// a header read strictly decodes leniently as a lenient decode does.
    @Test(arguments: [nil, PixelSize(width: 1, height: 1)] as [PixelSize?])
    func strictnessChangesAfterTheHeaderAsIfItHadBeenReadSo(_ minimumSize: PixelSize?) throws {
        let original = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        // Two stray bytes before the second marker: libjpeg warns (JWRN_EXTRANEOUS_DATA) while reading the header.
        let warned = Self.afterSOI(original, [0x00, 0x00])
        let strict = Self.options(minimumSize, strict: true), lenient = Self.options(minimumSize)
        let expected = Self.outcome { (sink) throws(ImageError) in try Self.codec.decode(.bytes(warned), options: strict, into: &sink) }
        guard case .failed(let error) = expected, case .malformed = error.kind else {
            Issue.record("a strict decode should refuse the stray bytes: \(expected)")
            return
        }
        let header = try Self.codec.open(.bytes(warned), options: lenient)
        #expect(Self.outcome { (sink) throws(ImageError) in try header.decode(options: strict, into: &sink) } == expected)
        // The other way: the original's header read strictly, decoded leniently.
        let strictHeader = try Self.codec.open(.bytes(original), options: strict)
        let plain = Self.outcome { (sink) throws(ImageError) in try Self.codec.decode(.bytes(original), options: lenient, into: &sink) }
        #expect(Self.outcome { (sink) throws(ImageError) in try strictHeader.decode(options: lenient, into: &sink) } == plain)
    }

    /// A decode under tighter limits than the header's read fails as its own read would: marker
    /// segments (libjpeg's count carries over), an MPO's image count, the frame's size, the input's size.
    @Test func limitsTighterThanTheHeadersAreCheckedAtTheDecode() throws {
        let original = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x04, 0x41, 0x42]
        let spam = Self.afterSOI(original, Array(Array(repeating: comment, count: 30).joined()))
        let cases: [([UInt8], DecodingLimits)] = [
            (spam, DecodingLimits(maxChunkCount: 20)),
            (Self.mpo(original, images: 3), DecodingLimits(maxFrames: 2)),
            (original, DecodingLimits(maxPixelCount: 100)),
            (original, DecodingLimits(maxInputBytes: 1000)),
        ]
        for (bytes, limits) in cases {
            for minimumSize in Self.minimumSizes {
                var options = Self.options(minimumSize)
                options.limits = limits
                let expected = Self.outcome { (sink) throws(ImageError) in try Self.codec.decode(.bytes(bytes), options: options, into: &sink) }
                guard case .failed(let error) = expected, case .limitExceeded = error.kind else {
                    Issue.record("\(limits): expected a limit error, got \(expected)")
                    continue
                }
                let header = try Self.codec.open(.bytes(bytes), options: Self.options(minimumSize))
                #expect(Self.outcome { (sink) throws(ImageError) in try header.decode(options: options, into: &sink) } == expected)
            }
        }
    }

    /// `jpeg` with an APP2 `MPF` segment declaring `images` images (big-endian MP Index), after a
    /// few other segments: libjpeg's header read keeps it and the count comes from that one parse.
    static func mpo(_ jpeg: [UInt8], images: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0xB0, 0x01, 0, 4, 0, 0, 0, 1, 0, 0, 0, images, 0, 0, 0, 0]
        let payload = Array("MPF\0".utf8) + tiff
        let app2: [UInt8] = [0xFF, 0xE2, 0, UInt8(payload.count + 2)] + payload
        let other: [UInt8] = [0xFF, 0xE2, 0, 6, 0x49, 0x43, 0x43, 0]   // an APP2 that is not MPF comes first
        return afterSOI(jpeg, other + [0xFF, 0xFE, 0, 3, 0x41] + app2)
    }

    @Test func anMPOsCountComesFromTheHeadersAPP2Segment() throws {
        let jpeg = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let header = try Self.codec.open(.bytes(Self.mpo(jpeg, images: 3)), options: .init())
        #expect(header.info.frames == 3)
        #expect(try Self.codec.open(.bytes(jpeg), options: .init()).info.frames == 1)
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 3, limit: 2))) {
            try Self.codec.probe(.bytes(Self.mpo(jpeg, images: 3)), limits: DecodingLimits(maxFrames: 2))
        }
    }

    /// Parse once: a decode from a header never reads the file's markers again. Once the header is
    /// read, the file's SOI is overwritten in place (the same opening reads the new bytes); the decode
    /// from the header still gives the original's rows through libjpeg (full size), the DC-scan
    /// decoder (progressive, 1/8) and the split decoder (baseline, 1/4), each of which read the
    /// markers from SOI before.
    @Test(arguments: [
        ("jpeg/libjpeg-turbo/testorig.jpg", nil), ("jpeg/libjpeg-turbo/testimgp.jpg", PixelSize(width: 1, height: 1)),
        ("jpeg/libjpeg-turbo/testorig.jpg", PixelSize(width: 20, height: 20)),
    ] as [(String, PixelSize?)])
    func aDecodeFromAHeaderNeverReadsTheMarkersAgain(_ file: String, _ minimumSize: PixelSize?) throws {
        let original = try Fixtures.bytes(file)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(original, to: "image.jpg")
        let source = ImageSource.openFile(try ImageFile(path: scratch.file("image.jpg")))
        let options = Self.options(minimumSize)
        func decode(_ source: ImageSource, session: JPEGCodec.Session?) -> Outcome {
            Self.outcome { (sink) throws(ImageError) in
                try Self.codec.decode(source, session: session, options: options, shortcutEngine: .dcScanDecoder, minimumEntropyBytes: 0, into: &sink)
            }
        }
        let expected = decode(.bytes(original), session: nil)
        let header = try Self.codec.open(source, options: options)
        let handle = try #require(FileHandle(forUpdatingAtPath: scratch.file("image.jpg")))
        try handle.write(contentsOf: [0x00, 0x00])
        try handle.close()
        guard case .decoded = expected else {
            Issue.record("\(file): \(expected)")
            return
        }
        #expect(decode(source, session: header) == expected)
        // Read again, the header is not a JPEG's any more: the decode above did not read it.
        #expect(decode(source, session: header) == .failed(.malformed(format: .jpeg, message: "Not a JPEG file: starts with 0x00 0x00")))
    }

    // MARK: - The DC-scan and split decoders from libjpeg's header

    /// What the DC-scan decoder makes of `bytes` at 1/8, started from SOI or from libjpeg's header.
    static func dcOutcome(_ bytes: [UInt8], fromHeader: Bool) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let budget = JPEGBudget(limits: .init(), deadline: nil)
            do throws(ImageError) {
                var decompressor = try JPEGDecompressor(.memory(buffer), maxMemoryBytes: 1 << 30, strict: false, budget: budget)
                let header = try decompressor.readHeader(limits: .init())
                guard var decoder = try JPEGProgressiveDCDecoder(
                    .memory(buffer), colorModel: header.colorModel, strict: false, maxMemoryBytes: 1 << 30, budget: budget,
                    header: fromHeader ? decompressor.headerHandle : nil)
                else { return "declined" }
                return try Self.rows(&decoder) + " streaming \(decoder.isStreaming) memory \(decoder.memoryBytes)"
            } catch {
                return "failed: \(error)"
            }
        }
    }

    /// Every row of `decoder`, and its warnings, as text to compare.
    static func rows<Decoder: ShimRowDecoder & ~Copyable>(_ decoder: inout Decoder) throws(ImageError) -> String {
        let size = decoder.outputSize
        var pixels = [UInt8](repeating: 0, count: size.width * 4 * size.height)
        var done = 0
        try pixels.withUnsafeMutableBufferPointer { (all) throws(ImageError) in
            while done < size.height {
                let count = try decoder.readRows(
                    into: UnsafeMutableBufferPointer(rebasing: all[(done * size.width * 4)...]), stride: size.width * 4,
                    maxRows: size.height - done)
                if count == 0 { break }
                done += count
            }
        }
        var hasher = Hasher()
        hasher.combine(pixels)
        return "\(size) rows \(done) pixels \(hasher.finalize()) warnings \(decoder.warnings)"
    }

    /// Synthetic progressive files for the DC-scan decoder's edge cases: 4:2:2, 4:4:0, gray,
    /// restart intervals, non-interleaved first scans, refinement, a missing Huffman table.
    static let dcCases: [String: [UInt8]] = {
        func writer(_ sampling: [(Int, Int)], scans: [JPEGDCScanWriter.Scan], restart: Int = 0) -> JPEGDCScanWriter {
            JPEGDCScanWriter(
                width: 37, height: 29,
                components: sampling.enumerated().map { JPEGDCScanWriter.Component(id: UInt8($0.offset + 1), h: $0.element.0, v: $0.element.1) },
                scans: scans, restartInterval: restart,
                coefficient: { c, x, y in (c * 37 + x * 13 - y * 7) % 200 - 100 })
        }
        let all = JPEGDCScanWriter.Scan(components: [0, 1, 2], ah: 0, al: 0)
        let separate = [0, 1, 2].map { JPEGDCScanWriter.Scan(components: [$0], ah: 0, al: 1) }
            + [JPEGDCScanWriter.Scan(components: [0, 1, 2], ah: 1, al: 0)]
        var cases: [String: [UInt8]] = [
            "4:2:2": writer([(2, 1), (1, 1), (1, 1)], scans: [all]).bytes(),
            "4:4:0": writer([(1, 2), (1, 1), (1, 1)], scans: [all]).bytes(),
            "4:2:0 separate scans and refinement": writer([(2, 2), (1, 1), (1, 1)], scans: separate).bytes(),
            "gray": writer([(1, 1)], scans: [JPEGDCScanWriter.Scan(components: [0], ah: 0, al: 0)]).bytes(),
            "restart interval": writer([(2, 2), (1, 1), (1, 1)], scans: [all], restart: 3).bytes(),
            "restart interval, separate scans": writer([(2, 1), (1, 1), (1, 1)], scans: separate, restart: 2).bytes(),
        ]
        let plain = writer([(2, 2), (1, 1), (1, 1)], scans: [all]).bytes()
        // Without its DHT segment: libjpeg reads the header; the DC decoder must refuse the scan.
        if let dht = JPEGTesting.markerOffsets(plain, marker: 0xC4).first {
            let length = Int(plain[dht + 2]) << 8 | Int(plain[dht + 3])
            cases["missing Huffman table"] = Array(plain[..<dht]) + plain[(dht + 2 + length)...]
        }
        // Stray bytes before the frame: both starts warn alike.
        cases["extraneous bytes"] = Self.afterSOI(plain, [0x12, 0x34])
        return cases
    }()

    @Test(arguments: files + dcCases.keys.sorted())
    func theDCDecoderFromLibjpegsHeaderEqualsItsStartFromSOI(_ name: String) throws {
        let bytes = try Self.dcCases[name] ?? Fixtures.bytes(name)
        let seeded = Self.dcOutcome(bytes, fromHeader: true), fromSOI = Self.dcOutcome(bytes, fromHeader: false)
        #expect(seeded == fromSOI, "\(name)")
    }

    /// The edge cases are decoded (not declined) and the missing table fails, so the comparison above means something.
    @Test func theDCEdgeCasesReachTheDecoder() {
        for (name, bytes) in Self.dcCases {
            let outcome = Self.dcOutcome(bytes, fromHeader: true)
            if name == "missing Huffman table" {
                #expect(outcome.contains("Huffman table 0x00 was not defined"), "\(name): \(outcome)")
            } else {
                #expect(outcome.contains("rows"), "\(name): \(outcome)")
            }
        }
    }

    /// Baseline files for the split decoder's edge cases: every chroma subsampling, gray, restart intervals.
    static let splitCases: [String: [UInt8]] = {
        guard let photo = try? JPEGTesting.image(Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")).image else { return [:] }
        var cases: [String: [UInt8]] = [:]
        for subsampling in [EncodeOptions.ChromaSubsampling.yuv420, .yuv422, .yuv440, .yuv444] {
            cases["testorig \(subsampling)"] = try? Self.codec.encode(photo, options: EncodeOptions(quality: 0.9, chromaSubsampling: subsampling))
        }
        return cases
    }()

    /// What the split decoder makes of `bytes` (one thread and two) at 1/8, 1/4 and 1/2.
    static func splitOutcomes(_ bytes: [UInt8], fromImageStart: Bool) -> [String] {
        [1, 2, 4].flatMap { eighths in
            [1, 2].map { threads in
                do throws(ImageError) {
                    guard let result = try Self.codec.decodeWithSplitDecoder(
                        bytes, scale: JPEGScale(eighths: eighths), threads: threads, fromImageStart: fromImageStart)
                    else { return "declined" }
                    return "\(result.image.size) \(result.image.pixels.hashValue) \(result.warnings)"
                } catch {
                    return "failed: \(error)"
                }
            }
        }
    }

    @Test(arguments: files + splitCases.keys.sorted())
    func theSplitDecoderFromLibjpegsHeaderEqualsItsStartFromSOI(_ name: String) throws {
        let bytes = try Self.splitCases[name] ?? Fixtures.bytes(name)
        let seeded = Self.splitOutcomes(bytes, fromImageStart: false), fromSOI = Self.splitOutcomes(bytes, fromImageStart: true)
        #expect(seeded == fromSOI, "\(name)")
        if Self.splitCases[name] != nil { #expect(!seeded.contains("declined"), "\(name): \(seeded)") }
    }

    /// The split decoder falls back when libjpeg's header read warned about stray bytes before a
    /// marker, as it does when its own front end finds them.
    @Test func strayBytesBeforeAMarkerLeaveTheFileToLibjpegEitherWay() throws {
        let bytes = Self.afterSOI(try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg"), [0x12, 0x34])
        #expect(Self.splitOutcomes(bytes, fromImageStart: false) == Array(repeating: "declined", count: 6))
        #expect(Self.splitOutcomes(bytes, fromImageStart: true) == Array(repeating: "declined", count: 6))
    }
}
