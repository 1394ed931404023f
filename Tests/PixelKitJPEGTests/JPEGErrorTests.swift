import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Bad input becomes a typed `ImageError` carrying libjpeg's message: never a crash, a hang or a
/// header-sized allocation.
@Suite struct JPEGErrorTests {
    /// What djpeg 2.1.5 printed for each invalid fixture (`Fixtures/decode_expectations.json`).
    struct Expectation: Decodable {
        struct Tool: Decodable {
            let exit_code: Int
            let message: String
        }
        let file: String
        let djpeg: Tool?
    }

    static let djpegResults: [String: Expectation.Tool] = {
        let url = Fixtures.root.appendingPathComponent("decode_expectations.json")
        guard let data = try? Data(contentsOf: url),
              let entries = try? JSONDecoder().decode([Expectation].self, from: data) else { return [:] }
        return Dictionary(entries.compactMap { entry in entry.djpeg.map { (entry.file, $0) } }, uniquingKeysWith: { first, _ in first })
    }()

    static let invalidFiles = Fixtures.files(in: "jpeg/invalid") { $0.hasSuffix(".jpg") }

    @Test func invalidFixturesAreListed() {
        #expect(Self.invalidFiles.count == 5)
    }

    /// Each invalid file fails as djpeg fails, with djpeg's final message; when djpeg also warned that
    /// the data ended early, the error is `.truncated`.
    @Test(arguments: invalidFiles)
    func invalidFileFailsLikeDjpeg(file: String) throws {
        let djpeg = try #require(Self.djpegResults[file])
        #expect(djpeg.exit_code == 1)
        let djpegMessage = try #require(djpeg.message.components(separatedBy: " | ").last)
        for strictness in [DecodeOptions.Strictness.lenient, .strict] {
            var sink = SummingSink()
            do {
                _ = try JPEGTesting.codec.decode(.file(path: Fixtures.path(file)), options: .init(strictness: strictness), into: &sink)
                Issue.record("\(file) decoded")
            } catch {
                switch error {
                case .emptyInput:
                    #expect(djpegMessage == "Empty input file")
                case .truncated(.jpeg, let message):
                    #expect(djpeg.message.hasPrefix("Premature end of JPEG file"))
                    if strictness == .lenient { #expect(message == djpegMessage) }
                case .malformed(.jpeg, let message):
                    #expect(message == djpegMessage)
                default:
                    Issue.record("\(file): unexpected \(error)")
                }
            }
        }
    }

    @Test func zeroBytesAndForeignBytesAreRejected() throws {
        var sink = SummingSink()
        #expect(throws: ImageError.emptyInput) { try JPEGTesting.codec.decode(.bytes([]), options: .init(), into: &sink) }
        #expect(throws: ImageError.emptyInput) { try JPEGTesting.codec.probe(.bytes([]), limits: .init()) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        #expect(throws: ImageError.malformed(format: .jpeg, message: "Not a JPEG file: starts with 0x89 0x50")) {
            try JPEGTesting.codec.decode(.bytes(png), options: .init(), into: &sink)
        }
        #expect(!JPEGTesting.codec.recognizes(png))
        #expect(JPEGTesting.codec.recognizes([0xFF, 0xD8, 0xFF]))
    }

    @Test func missingFileIsUnreadable() {
        var sink = SummingSink()
        #expect {
            try JPEGTesting.codec.decode(.file(path: "/nonexistent/photo.jpg"), options: .init(), into: &sink)
        } throws: { error in
            guard case ImageError.file(let file) = error, !file.operation.isWrite, case .system(let code) = file.problem, case let path = file.path else { return false }
            return path == "/nonexistent/photo.jpg" && code == ENOENT
        }
    }

    /// Random bytes, with and without a JPEG signature in front, only ever end in an `ImageError`
    /// or a decode within the limits.
    @Test func randomBytesNeverCrash() {
        let limits = DecodingLimits(maxPixelCount: 4_000_000)
        for seed in UInt64(1)...200 {
            var bytes = JPEGTesting.randomBytes(count: Int(seed % 50) * 40 + 1, seed: seed)
            if seed.isMultiple(of: 2) { bytes = [0xFF, 0xD8, 0xFF, 0xDB] + bytes }
            var sink = JPEGRowCounter()
            do {
                let report = try JPEGTesting.codec.decode(.bytes(bytes), options: .init(limits: limits), into: &sink)
                #expect(report.outputSize.pixelCount <= limits.maxPixelCount)
            } catch {
                let _: ImageError = error  // typed throws: checked by the compiler
            }
        }
    }

    /// Every cut of a baseline and of a progressive file: strict mode throws `.truncated`; lenient mode
    /// either delivers every row with libjpeg's "Premature end of JPEG file" warning or throws `.truncated`.
    @Test(arguments: ["jpeg/libjpeg-turbo/testorig.jpg", "jpeg/libjpeg-turbo/testimgp.jpg", "jpeg/libjpeg-turbo/testimgari.jpg"])
    func truncationsFailOrWarn(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        var delivered = 0
        for length in stride(from: 1, to: bytes.count, by: 11) {
            let cut = Array(bytes.prefix(length))
            var strictSink = JPEGRowCounter()
            do {
                _ = try JPEGTesting.codec.decode(.bytes(cut), options: .init(strictness: .strict), into: &strictSink)
                Issue.record("\(file) cut at \(length) decoded in strict mode")
            } catch ImageError.truncated(.jpeg, let message) {
                #expect(message == "Premature end of JPEG file")
            } catch {
                Issue.record("\(file) cut at \(length): \(error)")
            }
            var sink = JPEGRowCounter()
            do {
                let report = try JPEGTesting.codec.decode(.bytes(cut), options: .init(strictness: .lenient), into: &sink)
                #expect(sink.rows == report.outputSize.height)
                #expect(report.warnings.contains(DecodeWarning(format: .jpeg, message: "Premature end of JPEG file")))
                delivered += 1
            } catch ImageError.truncated(.jpeg, _) {
            } catch {
                Issue.record("\(file) cut at \(length), lenient: \(error)")
            }
        }
        #expect(delivered > 0)
    }

    /// The last two bytes (EOI) missing: strict fails, lenient delivers the whole image, identical to
    /// the intact file's pixels, with the warning.
    @Test func strictAndLenientOnAMissingEnd() throws {
        let file = "jpeg/libjpeg-turbo/testorig.jpg"
        let bytes = try Fixtures.bytes(file)
        let cut = Array(bytes.dropLast(2))
        #expect(throws: ImageError.truncated(format: .jpeg, message: "Premature end of JPEG file")) {
            try JPEGTesting.image(cut, options: .init(strictness: .strict))
        }
        let (image, report) = try JPEGTesting.image(cut, options: .init(strictness: .lenient))
        #expect(report.warnings == [DecodeWarning(format: .jpeg, message: "Premature end of JPEG file")])
        var sums = [0, 0, 0, 0]
        for (index, value) in image.pixels.enumerated() { sums[index & 3] += Int(value) }
        #expect(sums == Fixtures.referenceMeans[file]?.sum_rgba)
    }

    /// Flipped bytes in the entropy-coded data: libjpeg's corrupt-data warnings fail a strict decode
    /// and are listed by a lenient one.
    @Test func corruptDataWarnsOrFails() throws {
        var bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let scan = try #require(JPEGTesting.markerOffsets(bytes, marker: 0xDA).first)
        for offset in stride(from: scan + 40, to: scan + 400, by: 37) { bytes[offset] = 0xFF; bytes[offset + 1] = 0xD3 }
        #expect {
            try JPEGTesting.image(bytes, options: .init(strictness: .strict))
        } throws: { error in
            guard case ImageError.malformed(.jpeg, let message) = error else { return false }
            return message.hasPrefix("Corrupt JPEG data")
        }
        let (_, report) = try JPEGTesting.image(bytes, options: .init(strictness: .lenient))
        #expect(report.warnings.contains { $0.message.hasPrefix("Corrupt JPEG data") })
    }

    /// A frame header patched to 65535×65535 (4.3 gigapixels) is refused from the header by the
    /// pixel-count limit, before libjpeg allocates anything for it; so is 30000×30000, which libjpeg
    /// itself would accept.
    @Test(arguments: [65535, 30000])
    func hugeFrameIsRejectedFromTheHeader(side: Int) throws {
        var bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let frame = try #require(JPEGTesting.markerOffsets(bytes, marker: 0xC0).first)
        // SOF0: FF C0, length (2), precision (1), height (2), width (2).
        for offset in [frame + 5, frame + 7] {
            bytes[offset] = UInt8(side >> 8)
            bytes[offset + 1] = UInt8(side & 255)
        }
        let violation = LimitViolation.pixelCount(width: side, height: side, limit: 200_000_000)
        #expect(throws: ImageError.limitExceeded(violation)) { try JPEGTesting.codec.probe(.bytes(bytes), limits: .init()) }
        #expect(throws: ImageError.limitExceeded(violation)) { try JPEGTesting.image(bytes) }
    }

    @Test func limitsAreEnforced() throws {
        let file = "jpeg/libjpeg-turbo/testimgp.jpg"
        let bytes = try Fixtures.bytes(file)
        let few = DecodingLimits(maxPixelCount: 1000)
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 227, height: 149, limit: 1000))) {
            try JPEGTesting.codec.probe(.bytes(bytes), limits: few)
        }
        let narrow = DecodingLimits(maxDimension: 200)
        #expect(throws: ImageError.limitExceeded(.dimension(width: 227, height: 149, limit: 200))) {
            try JPEGTesting.image(bytes, options: .init(limits: narrow))
        }
        let small = DecodingLimits(maxInputBytes: 100)
        #expect(throws: ImageError.limitExceeded(.inputSize(bytes: bytes.count, limit: 100))) {
            try JPEGTesting.image(bytes, options: .init(limits: small))
        }
        // A progressive decode keeps every DCT coefficient: 29×19 luma blocks + 2 × 15×10 chroma
        // blocks (4:2:0, padded to the sampling factors: 30×20 and 15×10) of 128 bytes.
        let coefficientBytes = (30 * 20 + 2 * 15 * 10) * 128
        let tight = DecodingLimits(maxMemoryBytes: coefficientBytes)
        #expect {
            try JPEGTesting.image(bytes, options: .init(limits: tight))
        } throws: { error in
            guard case ImageError.limitExceeded(.memory(let needed, let limit)) = error else { return false }
            return limit == coefficientBytes && needed > coefficientBytes
        }
        #expect(throws: Never.self) { try JPEGTesting.image(bytes, options: .init(limits: DecodingLimits(maxMemoryBytes: coefficientBytes + (1 << 20)))) }
    }

    /// libjpeg's own cap (`max_memory_to_use`) backs up the header check: with a limit equal to the
    /// header estimate (coefficient arrays + 16 RGBA rows of 227 pixels), the estimate passes, but
    /// libjpeg's total (its smaller buffers included) does not, and it refuses the arrays.
    @Test func libjpegMemoryCapIsSet() throws {
        let bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        let estimate = (30 * 20 + 2 * 15 * 10) * 128 + 16 * 227 * 4
        // One byte less and the header check itself refuses, naming the estimate.
        #expect(throws: ImageError.limitExceeded(.memory(bytes: estimate, limit: estimate - 1))) {
            try JPEGTesting.image(bytes, options: .init(limits: DecodingLimits(maxMemoryBytes: estimate - 1)))
        }
        #expect {
            try JPEGTesting.image(bytes, options: .init(limits: DecodingLimits(maxMemoryBytes: estimate)))
        } throws: { error in
            guard case ImageError.limitExceeded(.memory(let needed, let limit)) = error else { return false }
            return limit == estimate && needed > estimate
        }
    }

    /// testorig12.jpg is 12-bit: this 8-bit libjpeg refuses it, by name, in probe and decode.
    @Test func twelveBitSamplesAreUnsupported() throws {
        let twelveBit = "jpeg/libjpeg-turbo/testorig12.jpg"
        let unsupported = ImageError.unsupported(format: .jpeg, feature: "12-bit samples")
        #expect(throws: unsupported) { try JPEGTesting.codec.probe(.file(path: Fixtures.path(twelveBit)), limits: .init()) }
        #expect(throws: unsupported) { try JPEGTesting.sums(twelveBit) }
        #expect(throws: unsupported) { try JPEGTesting.image(try Fixtures.bytes(twelveBit)) }
    }
}
