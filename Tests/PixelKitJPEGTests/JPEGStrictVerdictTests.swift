import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// The reported JPEGs on which the strict fast paths (split decoder, progressive DC shortcut, a sink
/// that stops early) succeeded while the exact strict decode failed: now every fast entry point
/// fails with the exact decode's error (Docs/Security.md, "One verdict").
@Suite("JPEG: strict fast and exact reach one verdict")
struct JPEGStrictVerdictTests {
    /// Every fast entry point fails with exactly the exact decode's error, which names `expected`.
    static func expectSameFailure(_ bytes: [UInt8], naming expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let exact = StrictVerdict.exact(bytes)
        #expect(exact.map { "\($0)".contains(expected) } == true, "exact: \(String(describing: exact))", sourceLocation: sourceLocation)
        for (name, fast) in StrictVerdict.fastVerdicts(bytes) {
            #expect(fast == exact, "\(name): \(String(describing: fast))", sourceLocation: sourceLocation)
        }
    }

    /// A baseline file whose scan appears twice (the second copy before EOI).
    @Test func duplicatedBaselineScan() throws {
        let original = VerdictInputs.baselineJPEG
        let scan = try #require(JPEGTesting.markerOffsets(original, marker: 0xDA).first)
        let bytes = Array(original[..<(original.count - 2)]) + original[scan...]
        Self.expectSameFailure(bytes, naming: "Didn't expect more than one scan")
    }

    /// A baseline file whose SOF width was changed from 1800 to 7: the scan's data outlasts its MCUs.
    @Test func baselineWidthPatchedTo7() throws {
        var bytes = VerdictInputs.baselineJPEG
        let sof = try #require(VerdictInputs.segment(0xC0, in: bytes))
        #expect(Int(bytes[sof + 7]) << 8 | Int(bytes[sof + 8]) == 1800)
        bytes[sof + 7] = 0
        bytes[sof + 8] = 7
        Self.expectSameFailure(bytes, naming: "extraneous bytes")
    }

    /// A progressive file cut in half: its DC scans are complete, the rest is missing.
    @Test func truncatedProgressive() throws {
        let bytes = Array(VerdictInputs.progressiveJPEG.prefix(VerdictInputs.progressiveJPEG.count / 2))
        Self.expectSameFailure(bytes, naming: "Premature end of JPEG file")
    }

    /// Lenient, the DC shortcut reports what it can see cheaply: the missing EOI.
    @Test func truncatedProgressiveWarnsWhenLenient() throws {
        let bytes = Array(VerdictInputs.progressiveJPEG.prefix(VerdictInputs.progressiveJPEG.count / 2))
        let fast = try StrictVerdict.average(bytes, .fast, .lenient)
        #expect(fast.decodedSize.width < fast.info.size.width)
        #expect(fast.warnings.map(\.message).contains("Premature end of JPEG file"))
        let exact = try StrictVerdict.average(bytes, .exact, .lenient)
        #expect(exact.warnings.map(\.message).contains("Premature end of JPEG file"))
    }

    /// Lenient, an intact file gets no such warning from the fast paths.
    @Test func intactFilesHaveNoWarningsWhenLenient() throws {
        for bytes in [VerdictInputs.baselineJPEG, VerdictInputs.progressiveJPEG] {
            #expect(try StrictVerdict.average(bytes, .fast, .lenient).warnings.isEmpty)
        }
    }

    /// A region average stops wanting rows after the region's last one; strict, the decode still
    /// reads the rest of the file, whether fast or exact.
    @Test func regionAverageReadsToTheEnd() throws {
        let original = VerdictInputs.baselineJPEG
        let scan = try #require(JPEGTesting.markerOffsets(original, marker: 0xDA).first)
        let bytes = Array(original[..<(original.count - 2)]) + original[scan...]
        let exact = try #require(StrictVerdict.exact(bytes))
        for accuracy in [AverageAccuracy.fast, .exact] {
            var options = AverageOptions(accuracy: accuracy, region: PixelRect(x: 0, y: 0, width: 64, height: 16))
            options.decoding.strictness = .strict
            #expect(throws: exact) { try StrictVerdict.codecs.averageColor(of: .bytes(bytes), options: options) }
            // Lenient, the region's early stop stays: no error, and no full read.
            options.decoding.strictness = .lenient
            #expect(throws: Never.self) { try StrictVerdict.codecs.averageColor(of: .bytes(bytes), options: options) }
        }
    }
}
