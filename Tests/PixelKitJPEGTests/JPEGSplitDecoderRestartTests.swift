import PixelKit
@testable @_spi(Testing) import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// The split decoder on files with restart intervals (`fixtures/jpeg/restart-intervals`: corpus
/// files losslessly re-marked by jpegtran, so their DCT coefficients are the originals'). The
/// second half starts right after an RSTn marker, so the halves meet exactly there; damage stays
/// inside its interval, as in libjpeg.
@Suite("Split JPEG decoding with restart intervals")
struct JPEGSplitDecoderRestartTests {
    static let codec = JPEGCodec()
    static let scales = [JPEGScale(eighths: 1), JPEGScale(eighths: 2), JPEGScale(eighths: 4)]

    /// Each re-marked file, the file it came from, and its restart interval in MCUs.
    static let remarked: [(file: String, original: String, interval: Int)] = [
        ("jpeg/restart-intervals/rocket-restart-1-row.jpg", "photos/rocket.jpg", 80),
        ("jpeg/restart-intervals/rocket-restart-7-mcus.jpg", "photos/rocket.jpg", 7),
        ("jpeg/restart-intervals/testorig-restart-1-mcu.jpg", "jpeg/libjpeg-turbo/testorig.jpg", 1),
        ("jpeg/restart-intervals/testimggray-restart-3-mcus.jpg", "jpeg/libjpeg-turbo/testimggray.jpg", 3),
    ]

    private func decode(_ bytes: [UInt8], _ scale: JPEGScale, threads: Int, strict: Bool = false) throws -> JPEGSplitDecodeResult {
        try #require(try Self.codec.decodeWithSplitDecoder(bytes, scale: scale, threads: threads, strict: strict))
    }

    @Test("Restart markers change no pixel: the rows equal the original file's, with one thread or two", arguments: remarked, scales)
    func sameRowsAsWithoutRestarts(_ case: (file: String, original: String, interval: Int), scale: JPEGScale) throws {
        let bytes = try Fixtures.bytes(`case`.file)
        #expect(JPEGTesting.markerOffsets(bytes, marker: 0xDD).count == 1, "the fixture has a DRI segment")
        let original = try decode(try Fixtures.bytes(`case`.original), scale, threads: 1)
        let alone = try decode(bytes, scale, threads: 1)
        let split = try decode(bytes, scale, threads: 2)
        #expect(alone.image == original.image)
        #expect(split.image == original.image)
        #expect(alone.warnings.isEmpty && split.warnings.isEmpty)
    }

    @Test("The halves meet exactly at the restart marker the second one started after", arguments: remarked)
    func halvesMeetAtARestartMarker(_ case: (file: String, original: String, interval: Int)) throws {
        let split = try decode(try Fixtures.bytes(`case`.file), .oneEighth, threads: 2)
        #expect(split.isSplit)
        let meeting = try #require(split.meetingMCU, "\(`case`.file): the halves never met")
        #expect(meeting > 0 && meeting % `case`.interval == 0, "\(`case`.file): met at MCU \(meeting)")
    }

    /// Offsets of the RSTn markers in the scan of `bytes`.
    static func restartMarkers(_ bytes: [UInt8]) -> [Int] {
        (0xD0...0xD7).flatMap { JPEGTesting.markerOffsets(bytes, marker: UInt8($0)) }.sorted()
    }

    @Test("A damaged interval leaves every other interval's rows as they were")
    func damageStaysInItsInterval() throws {
        // One MCU row per interval: at 1/8 each MCU row of this 4:4:4 file is one output row.
        let file = Self.remarked[0].file
        let clean = try decode(try Fixtures.bytes(file), .oneEighth, threads: 1)
        for (seed, markerIndex) in [(UInt64(1), 10), (2, 30), (3, 45)] {
            var bytes = try Fixtures.bytes(file)
            let markers = Self.restartMarkers(bytes)
            let start = markers[markerIndex - 1] + 2, end = markers[markerIndex]
            // Overwrite a few bytes in the middle of interval `markerIndex` (MCU row `markerIndex`).
            for (offset, value) in JPEGTesting.randomBytes(count: 4, seed: seed).enumerated() {
                bytes[start + (end - start) / 2 + offset] = value == 0xFF ? 0x3C : value
            }
            let alone = try decode(bytes, .oneEighth, threads: 1)
            let split = try decode(bytes, .oneEighth, threads: 2)
            #expect(split.image == alone.image && split.warnings == alone.warnings)
            #expect(!alone.warnings.isEmpty, "seed \(seed): the damage went unreported")
            let width = clean.image.width * 4
            for y in 0..<clean.image.height where y != markerIndex {
                #expect(alone.image.pixels[(y * width)..<((y + 1) * width)] == clean.image.pixels[(y * width)..<((y + 1) * width)],
                        "seed \(seed): row \(y) changed, only row \(markerIndex) was damaged")
            }
            #expect(alone.image.pixels[(markerIndex * width)..<((markerIndex + 1) * width)]
                    != clean.image.pixels[(markerIndex * width)..<((markerIndex + 1) * width)])
        }
    }

    @Test("Bytes before a restart marker are skipped with libjpeg's warning; strict mode rejects them")
    func extraneousBytes() throws {
        let file = Self.remarked[1].file
        let clean = try decode(try Fixtures.bytes(file), .oneEighth, threads: 1)
        var bytes = try Fixtures.bytes(file)
        let markers = Self.restartMarkers(bytes)
        for index in [markers.count * 3 / 4, markers.count / 4] {
            bytes.insert(contentsOf: [0x12, 0x34, 0x56], at: markers[index])
        }
        let marker = bytes[Self.restartMarkers(bytes)[markers.count / 4] + 1]
        for threads in [1, 2] {
            let lenient = try decode(bytes, .oneEighth, threads: threads)
            #expect(lenient.image == clean.image)
            #expect(lenient.warnings.map(\.message).first == "Corrupt JPEG data: 3 extraneous bytes before marker 0x\(String(marker, radix: 16))")
            #expect(throws: ImageError.self) { _ = try decode(bytes, .oneEighth, threads: threads, strict: true) }
        }
    }

    @Test("A restart marker out of sequence fails the decode as malformed, as in the DC-scan decoder")
    func markerOutOfSequence() throws {
        for fraction in [0.3, 0.8] {
            var bytes = try Fixtures.bytes(Self.remarked[1].file)
            let markers = Self.restartMarkers(bytes)
            let position = markers[Int(Double(markers.count) * fraction)]
            let expected = Int(bytes[position + 1]) - 0xD0
            bytes[position + 1] = UInt8(0xD0 + (expected + 4) % 8)
            let message = "Corrupt JPEG data: found marker 0x\(String(0xD0 + (expected + 4) % 8, radix: 16)) instead of RST\(expected)"
            for threads in [1, 2] {
                #expect(throws: ImageError.malformed(format: .jpeg, message: message), "at \(fraction), \(threads) threads") {
                    _ = try decode(bytes, .oneEighth, threads: threads)
                }
            }
        }
    }

    @Test("Cut data: the intervals before the cut are intact, the rest mid-gray, with libjpeg's warning")
    func truncation() throws {
        let file = Self.remarked[0].file
        let clean = try decode(try Fixtures.bytes(file), .oneEighth, threads: 1)
        let original = try Fixtures.bytes(file)
        let markers = Self.restartMarkers(original)
        // Cut just after RST marker 40 (the end of MCU row 39): rows 0...39 are whole.
        let cut = Array(original[..<(markers[39] + 2)])
        for threads in [1, 2] {
            let result = try decode(cut, .oneEighth, threads: threads)
            #expect(result.warnings.map(\.message) == ["Premature end of JPEG file"])
            let width = clean.image.width * 4
            #expect(result.image.pixels[..<(40 * width)] == clean.image.pixels[..<(40 * width)])
            #expect(Array(result.image.pixels[(41 * width)...]) == [UInt8](repeating: 0, count: (clean.image.height - 41) * width).enumerated()
                .map { $0.offset % 4 == 3 ? 255 : 128 })
        }
        #expect(throws: ImageError.truncated(format: .jpeg, message: "Premature end of JPEG file")) {
            _ = try decode(cut, .oneEighth, threads: 2, strict: true)
        }
    }

    @Test("Seeded noise: the same rows and warnings, or the same error, with one thread or two")
    func noise() throws {
        for (file, _, _) in Self.remarked {
            let original = try Fixtures.bytes(file)
            for seed in UInt64(1)...8 {
                let bytes = JPEGTesting.overwritingEntropyData(of: original, seed: seed)
                for scale in Self.scales {
                    let alone = Result { try decode(bytes, scale, threads: 1) }
                    let split = Result { try decode(bytes, scale, threads: 2) }
                    switch (alone, split) {
                    case (.success(let a), .success(let b)):
                        #expect(a.image == b.image && a.warnings == b.warnings, "\(file) seed \(seed) at \(scale)")
                    case (.failure(let a), .failure(let b)):
                        #expect(String(describing: a) == String(describing: b), "\(file) seed \(seed) at \(scale)")
                    default:
                        Issue.record("\(file) seed \(seed) at \(scale): one thread \(alone), two \(split)")
                    }
                }
            }
        }
    }
}
