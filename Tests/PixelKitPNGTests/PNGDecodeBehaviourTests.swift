import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Coverage groups, streaming identities, early stops and the strict/lenient rules.
@Suite struct PNGDecodeBehaviourTests {
    /// Each PngSuite group decodes to the reference sums (the full list is checked elsewhere; this
    /// names the groups so that a missing one shows).
    @Test(arguments: [
        ("basn", 15), ("basi", 15), ("bgai", 2), ("bgan", 2), ("tbbn", 3), ("tbrn", 1), ("s0", 18), ("s3", 16), ("s4", 2),
    ])
    func groupMatchesReference(_ prefix: String, minimumCount: Int) throws {
        let files = PNGTestSupport.suiteFiles(prefix)
        #expect(files.count >= minimumCount)
        for file in files {
            let (sink, _) = try PNGTestSupport.sums(.file(path: Fixtures.path(file)))
            #expect(sink.sums == Fixtures.referenceMeans[file]?.sum_rgba, "\(file)")
        }
    }

    /// Palette files and every bit depth, by PngSuite name (`…3p…` = palette, last digits = depth).
    @Test(arguments: ["3p01", "3p02", "3p04", "3p08", "0g01", "0g02", "0g04", "0g08", "0g16", "2c16", "4a16", "6a16"])
    func colorTypeAndDepthMatchReference(_ suffix: String) throws {
        let files = Fixtures.files(in: "pngsuite") { $0.hasSuffix("\(suffix).png") && !$0.hasPrefix("x") }
        #expect(!files.isEmpty)
        for file in files {
            let (sink, _) = try PNGTestSupport.sums(.file(path: Fixtures.path(file)))
            #expect(sink.sums == Fixtures.referenceMeans[file]?.sum_rgba, "\(file)")
        }
    }

    /// PngSuite stores the same picture interlaced (`basi`, `sNNi`) and not (`basn`, `sNNn`).
    @Test func interlacedAndPlainCopiesAreIdentical() throws {
        let interlaced = PNGTestSupport.suiteFiles("basi") + PNGTestSupport.suiteFiles("s0", "s3", "s4").filter { $0.contains("i3p") }
        #expect(interlaced.count >= 30)
        for file in interlaced {
            let plain = file.replacingOccurrences(of: "basi", with: "basn").replacingOccurrences(of: "i3p", with: "n3p")
            let (a, _) = try PNGTestSupport.image(.file(path: Fixtures.path(file)))
            let (b, _) = try PNGTestSupport.image(.file(path: Fixtures.path(plain)))
            #expect(a == b, "\(file) vs \(plain)")
        }
    }

    @Test func minimumSizeIsIgnored() throws {
        let options = DecodeOptions(minimumSize: PixelSize(width: 4, height: 4))
        let (sink, report) = try PNGTestSupport.sums(.file(path: Fixtures.path("pngsuite/basn2c08.png")), options: options)
        #expect(sink.size == PixelSize(width: 32, height: 32))
        #expect(report.outputSize == PixelSize(width: 32, height: 32))
        #expect(sink.sums == Fixtures.referenceMeans["pngsuite/basn2c08.png"]?.sum_rgba)
    }

    @Test(arguments: ["photos/camera.png", "pngsuite/basi2c08.png"])
    func satisfiedSinkStopsEarly(_ file: String) throws {
        var sink = PNGRowLimitSink(wanted: 10)
        _ = try PNGTestSupport.codec.decode(.file(path: Fixtures.path(file)), options: .init(), into: &sink)
        #expect(sink.rows == 10)
        let (full, _) = try PNGTestSupport.image(.file(path: Fixtures.path(file)))
        #expect(sink.pixels == Array(full.pixels.prefix(10 * full.width * 4)))
    }

    // MARK: Strict and lenient

    /// basn2c08 with its gAMA chunk's CRC broken: the pixels do not depend on it.
    @Test func badAncillaryCRCIsAWarningWhenLenient() throws {
        var file = try Fixtures.bytes("pngsuite/basn2c08.png")
        let gama = try #require(PNGFileBuilder.chunks(of: file).first { $0.type == "gAMA" })
        file[gama.offset + 8 + gama.length] ^= 0xFF
        let (sink, report) = try PNGTestSupport.sums(.bytes(file), options: .init(strictness: .lenient))
        #expect(sink.sums == Fixtures.referenceMeans["pngsuite/basn2c08.png"]?.sum_rgba)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.format == .png)
        let error = PNGTestSupport.decodeError(.bytes(file), options: .init(strictness: .strict))
        #expect(error == .malformed(format: .png, message: "invalid chunk checksum"))
    }

    /// A damaged ancillary chunk after the image data: strict rejects it, lenient drops it silently.
    @Test func badTrailingAncillaryCRC() throws {
        let original = try Fixtures.bytes("pngsuite/basn2c08.png")
        let iend = try #require(PNGFileBuilder.chunks(of: original).first { $0.type == "IEND" })
        var text = PNGFileBuilder()
        text.chunk("tEXt", Array("Comment\0damaged".utf8))
        var chunk = Array(text.bytes.dropFirst(8))
        chunk[chunk.count - 1] ^= 0xFF
        let file = Array(original[..<iend.offset]) + chunk + original[iend.offset...]
        let (sink, report) = try PNGTestSupport.sums(.bytes(file), options: .init(strictness: .lenient))
        #expect(sink.sums == Fixtures.referenceMeans["pngsuite/basn2c08.png"]?.sum_rgba)
        #expect(report.warnings.isEmpty)
        #expect(PNGTestSupport.decodeError(.bytes(file), options: .init(strictness: .strict)) != nil)
    }

    /// Cut inside the image data: lenient delivers every row — those decoded match the intact
    /// file, the rest are transparent black — with one warning; strict throws `.truncated`.
    @Test func truncatedImageDataIsAWarningWhenLenient() throws {
        let file = try Fixtures.bytes("photos/camera.png")
        let cut = Array(file.prefix(file.count / 2))
        let (full, _) = try PNGTestSupport.image(.bytes(file))
        let (partial, report) = try PNGTestSupport.image(.bytes(cut), options: .init(strictness: .lenient))
        #expect(partial.size == full.size)
        #expect(report.warnings.count == 1)
        let stride = full.width * 4
        let decodedRows = (0..<full.height).first { y in
            partial.pixels[y * stride..<(y + 1) * stride] != full.pixels[y * stride..<(y + 1) * stride]
        } ?? full.height
        #expect(decodedRows > 0 && decodedRows < full.height)
        #expect(partial.pixels[(decodedRows * stride)...].allSatisfy { $0 == 0 })
        guard case .truncated(.png, _)? = PNGTestSupport.decodeError(.bytes(cut), options: .init(strictness: .strict)) else {
            Issue.record("strict decode of a cut file must throw .truncated")
            return
        }
    }

    /// Interlaced and cut: each delivered pixel is either the original or transparent black.
    @Test func truncatedInterlacedImageKeepsDecodedPasses() throws {
        // Noise does not compress, so the file has several IDAT chunks to cut between.
        let original = PNGTestImages.noise(width: 96, height: 80, seed: 3, opaque: false)
        let file = try PNGTestSupport.codec.encode(original, options: EncodeOptions(progressive: true))
        let cut = Array(file.prefix(file.count * 6 / 10))
        let (partial, report) = try PNGTestSupport.image(.bytes(cut), options: .init(strictness: .lenient))
        #expect(report.warnings.count == 1)
        var kept = 0
        for pixel in 0..<(original.width * original.height) {
            let got = partial.pixels[pixel * 4..<pixel * 4 + 4]
            let expected = original.pixels[pixel * 4..<pixel * 4 + 4]
            if got == expected { kept += 1 } else { #expect(got.allSatisfy { $0 == 0 }) }
        }
        #expect(kept > 0 && kept < original.width * original.height)
    }

    /// A file cut after its image data (in IEND) has every pixel: lenient warns, strict throws.
    @Test func missingEndIsAWarningWhenLenient() throws {
        let file = Array(try Fixtures.bytes("pngsuite/basn2c08.png").dropLast(6))
        let (sink, report) = try PNGTestSupport.sums(.bytes(file), options: .init(strictness: .lenient))
        #expect(sink.sums == Fixtures.referenceMeans["pngsuite/basn2c08.png"]?.sum_rgba)
        #expect(report.warnings.count == 1)
        guard case .truncated? = PNGTestSupport.decodeError(.bytes(file), options: .init(strictness: .strict)) else {
            Issue.record("strict decode without IEND must throw .truncated")
            return
        }
    }
}

/// Keeps the first `wanted` rows and then says it is satisfied.
struct PNGRowLimitSink: RowSink {
    let wanted: Int
    var rows = 0
    var pixels: [UInt8] = []

    mutating func begin(size: PixelSize) {}

    mutating func consume(_ row: PixelRow) {
        #expect(row.y == rows)
        rows += 1
        pixels += row.pixels
    }

    var isSatisfied: Bool { rows >= wanted }
}

/// Synthetic images for encoder tests.
enum PNGTestImages {
    /// A smooth gradient with every channel varying (alpha too unless `opaque`).
    static func gradient(width: Int, height: Int, opaque: Bool) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), UInt8((x + y) & 0xFF),
                           opaque ? 255 : UInt8((x * 7 + y * 3) & 0xFF)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Uniformly random pixels (incompressible, every alpha value).
    static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool) -> RGBAImage {
        var random = SeededGenerator(seed: seed)
        var pixels = (0..<width * height * 4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        if opaque { for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
