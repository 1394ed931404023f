import PixelKit
@testable @_spi(Testing) import PixelKitJPEG
import PixelKitTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The split decoder (`cjpegsplit.h`): its two halves must give the rows one thread gives, on real
/// photos and on damaged data, and those rows must stay close to libjpeg's reduced decode.
@Suite("Split JPEG decoding")
struct JPEGSplitDecoderTests {
    static let codec = JPEGCodec()
    static let scales = [JPEGScale(eighths: 1), JPEGScale(eighths: 2), JPEGScale(eighths: 4)]

    /// Baseline fixtures the split decoder takes (YCbCr or gray; with restart intervals, see also
    /// `JPEGSplitDecoderRestartTests`).
    static let baselineFiles = (0...8).map { "exif-orientation/Landscape_\($0).jpg" } + [
        "photos/rocket.jpg", "jpeg/libjpeg-turbo/testorig.jpg", "jpeg/libjpeg-turbo/testimggray.jpg",
        "jpeg/reftest/jpg-gray.jpg", "jpeg/reftest/grayscale_24x16_sampling2x2.jpg",
        "jpeg/reftest/jpg-size-1x1.jpg", "jpeg/reftest/jpg-size-2x2.jpg", "jpeg/reftest/jpg-size-7x7.jpg",
        "jpeg/reftest/jpg-size-15x15.jpg", "jpeg/reftest/jpg-size-17x17.jpg", "jpeg/reftest/jpg-size-33x33.jpg",
        "jpeg/reftest/restarts.jpg",
    ]

    /// Files the split decoder must leave to libjpeg.
    static let libjpegFiles = [
        "jpeg/libjpeg-turbo/testimgp.jpg", "jpeg/libjpeg-turbo/testimgari.jpg",
        "jpeg/reftest/jpg-cmyk-1.jpg", "jpeg/reftest/jpg-progressive.jpg",
    ]

    private func decode(_ bytes: [UInt8], _ scale: JPEGScale, threads: Int, strict: Bool = false) throws -> JPEGSplitDecodeResult {
        try #require(try Self.codec.decodeWithSplitDecoder(bytes, scale: scale, threads: threads, strict: strict))
    }

    @Test("Two threads give the rows one thread gives", arguments: baselineFiles, scales)
    func splitEqualsOneThread(file: String, scale: JPEGScale) throws {
        let bytes = try Fixtures.bytes(file)
        let alone = try decode(bytes, scale, threads: 1)
        let split = try decode(bytes, scale, threads: 2)
        #expect(!alone.isSplit)
        #expect(split.image == alone.image)
        #expect(split.warnings == alone.warnings)
        #expect(alone.warnings.isEmpty)
    }

    @Test("On photos the halves meet, a few MCUs after the second one starts")
    func halvesMeet() throws {
        for file in ["exif-orientation/Landscape_1.jpg", "photos/rocket.jpg", "jpeg/libjpeg-turbo/testorig.jpg"] {
            let split = try decode(try Fixtures.bytes(file), .oneEighth, threads: 2)
            #expect(split.isSplit)
            let meeting = try #require(split.meetingMCU, "\(file): the halves never met")
            #expect(meeting > 0)
        }
    }

    @Test("Rows stay within a fraction of a level of libjpeg's reduced decode", arguments: baselineFiles, scales)
    func closeToLibjpeg(file: String, scale: JPEGScale) throws {
        let bytes = try Fixtures.bytes(file)
        let split = try decode(bytes, scale, threads: 2)
        // The codec picks its scale from a minimum size; tiny images reach this one only from below.
        let stored = try Self.codec.probe(.bytes(bytes), limits: .init()).size
        guard JPEGScale.smallest(for: stored, atLeast: split.image.size) == scale else { return }
        var options = DecodeOptions(strictness: .strict)
        options.minimumSize = split.image.size
        var collector = RGBAImageCollector()
        let report = try Self.codec.decode(.bytes(bytes), options: options, shortcutEngine: .dcScanDecoder,
                                           minimumEntropyBytes: .max, into: &collector)
        let libjpeg = collector.image
        #expect(report.outputSize == split.image.size)
        let mean = JPEGTesting.meanAbsoluteDifference(split.image, libjpeg)
        let largest = zip(split.image.pixels, libjpeg.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(mean < 0.6, "\(file) at \(scale): mean difference \(mean)")
        #expect(largest <= 12, "\(file) at \(scale): largest difference \(largest)")
    }

    @Test("Every chroma subsampling: reduced rows as close as libjpeg's to the full-size image's box averages, or closer",
          arguments: [EncodeOptions.ChromaSubsampling.yuv444, .yuv422, .yuv440, .yuv420], scales)
    func chromaSubsampling(_ subsampling: EncodeOptions.ChromaSubsampling, scale: JPEGScale) throws {
        // A real photo re-encoded with each subsampling (the fixtures are all 4:2:0 or gray).
        let photo = try JPEGTesting.image(try Fixtures.bytes("exif-orientation/Landscape_1.jpg")).image
        let bytes = try Self.codec.encode(photo, options: EncodeOptions(quality: 0.9, chromaSubsampling: subsampling))
        let alone = try decode(bytes, scale, threads: 1)
        let split = try decode(bytes, scale, threads: 2)
        #expect(split.image == alone.image && split.meetingMCU != nil)
        let full = try JPEGTesting.image(bytes).image
        var options = DecodeOptions()
        options.minimumSize = alone.image.size
        var libjpeg = RGBAImageCollector()
        _ = try Self.codec.decode(.bytes(bytes), options: options, shortcutEngine: .dcScanDecoder,
                                  minimumEntropyBytes: .max, into: &libjpeg)
        let ours = Self.rmsAgainstBoxAverages(alone.image, of: full, scale: scale)
        let theirs = Self.rmsAgainstBoxAverages(libjpeg.image, of: full, scale: scale)
        // libjpeg upsamples 4:2:2 and 4:4:0 chroma from half resolution; this decoder computes it at
        // the output size from the coefficients (≈ 0.55 against libjpeg's 1.2–2.5 on this photo).
        // 4:2:0 at 1/2 is the one case where libjpeg's chroma samples are the full-size decode's own
        // (the same integer 8×8 IDCT, before upsampling), so its rounding is the reference's; this
        // decoder's chroma is the exact IDCT, 0.066 further from that reference here.
        let margin = scale.eighths == 4 && subsampling == .yuv420 ? 0.08 : 0.02
        #expect(ours <= theirs + margin, "\(subsampling) at \(scale): \(ours) against libjpeg's \(theirs)")
        #expect(ours < 0.8, "\(subsampling) at \(scale)")
        // Where libjpeg also computes chroma at the output size, the rows are nearly its rows.
        if subsampling == .yuv444 || subsampling == .yuv420 {
            let mean = JPEGTesting.meanAbsoluteDifference(alone.image, libjpeg.image)
            let largest = zip(alone.image.pixels, libjpeg.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(mean < 0.6 && largest <= 12, "\(subsampling) at \(scale): mean \(mean), largest \(largest)")
        }
    }

    /// RMS difference of `reduced`'s samples from the mean of each (8/eighths)² block of `full`,
    /// over the complete blocks.
    static func rmsAgainstBoxAverages(_ reduced: RGBAImage, of full: RGBAImage, scale: JPEGScale) -> Double {
        let side = 8 / scale.eighths
        var squares = 0.0, count = 0
        for y in 0..<(full.height / side) where y < reduced.height {
            for x in 0..<(full.width / side) where x < reduced.width {
                for channel in 0..<3 {
                    var sum = 0
                    for dy in 0..<side {
                        for dx in 0..<side { sum += Int(full.pixels[((y * side + dy) * full.width + x * side + dx) * 4 + channel]) }
                    }
                    let difference = Double(reduced.pixels[(y * reduced.width + x) * 4 + channel]) - Double(sum) / Double(side * side)
                    squares += difference * difference
                    count += 1
                }
            }
        }
        return (squares / Double(max(count, 1))).squareRoot()
    }

    @Test("Progressive, arithmetic and CMYK files are left to libjpeg", arguments: libjpegFiles)
    func leavesOthersToLibjpeg(file: String) throws {
        #expect(try Self.codec.decodeWithSplitDecoder(try Fixtures.bytes(file), scale: .oneEighth, threads: 2) == nil)
        #expect(try Self.codec.decodeWithSplitDecoder(try Fixtures.bytes("photos/rocket.jpg"), scale: JPEGScale(eighths: 8), threads: 2) == nil)
    }

    /// Landscape_1 with its entropy-coded data cut or overwritten at seeded places.
    static let damages: [(name: String, bytes: [UInt8])] = {
        let original = try! Fixtures.bytes("exif-orientation/Landscape_1.jpg")
        let scan = JPEGTesting.markerOffsets(original, marker: 0xDA)[0] + 20
        var damaged: [(String, [UInt8])] = []
        for fraction in [0.3, 0.5, 0.55, 0.8, 0.99] {
            damaged.append(("cut at \(fraction)", Array(original[..<(scan + Int(Double(original.count - scan) * fraction))])))
        }
        // Bytes between the last MCU and EOI: the second thread decodes them as MCUs past the image.
        let junk = JPEGTesting.randomBytes(count: 300, seed: 99).map { $0 == 0xFF ? 0x7F : $0 }
        damaged.append(("junk before EOI", Array(original.dropLast(2)) + junk + [0xFF, 0xD9]))
        for seed in UInt64(1)...12 {
            damaged.append(("seed \(seed)", JPEGTesting.overwritingEntropyData(of: original, seed: seed)))
        }
        return damaged
    }()

    @Test("Damaged data decodes the same with one thread or two, with the same warnings")
    func damagedData() throws {
        for (name, bytes) in Self.damages {
            for scale in Self.scales {
                let alone = try decode(bytes, scale, threads: 1)
                let split = try decode(bytes, scale, threads: 2)
                #expect(split.image == alone.image, "\(name) at \(scale)")
                #expect(split.warnings == alone.warnings, "\(name) at \(scale)")
            }
        }
    }

    @Test("A marker inside the scan ends its data there, as in libjpeg: nothing after it is decoded")
    func markerInsideTheScan() throws {
        var bytes = try Fixtures.bytes("exif-orientation/Landscape_1.jpg")
        let scan = JPEGTesting.markerOffsets(bytes, marker: 0xDA)[0] + 20
        let position = scan + (bytes.count - scan) * 3 / 10
        bytes[position] = 0xFF
        bytes[position + 1] = 0xD5   // RST5 in a file without restart intervals
        for scale in Self.scales {
            let alone = try decode(bytes, scale, threads: 1)
            let split = try decode(bytes, scale, threads: 2)
            #expect(split.image == alone.image)
            #expect(alone.warnings.map(\.message) == ["Corrupt JPEG data: premature end of data segment"])
            var libjpegRows = RGBAImageCollector()
            let options = DecodeOptions(minimumSize: alone.image.size)
            _ = try? Self.codec.decode(.bytes(bytes), options: options, shortcutEngine: .dcScanDecoder,
                                       minimumEntropyBytes: .max, into: &libjpegRows)
            #expect(libjpegRows.image.size == alone.image.size)
            // Row by row, so that a few blocks decoded from bytes past the marker would show.
            let width = alone.image.width * 4
            for y in 0..<alone.image.height {
                let ours = alone.image.pixels[(y * width)..<((y + 1) * width)]
                let theirs = libjpegRows.image.pixels[(y * width)..<((y + 1) * width)]
                let worst = zip(ours, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= 12, "row \(y) at \(scale): largest difference \(worst)")
            }
            // Below the marker the blocks are mid-gray.
            #expect(Array(alone.image.pixels.suffix(4)) == [128, 128, 128, 255])
        }
    }

    @Test("Cut data warns in lenient mode and throws .truncated in strict mode, as libjpeg does", arguments: scales)
    func truncation(scale: JPEGScale) throws {
        let original = try Fixtures.bytes("exif-orientation/Landscape_1.jpg")
        let cut = Array(original[..<(original.count * 3 / 4)])
        let lenient = try decode(cut, scale, threads: 2)
        #expect(lenient.warnings.map(\.message) == ["Premature end of JPEG file"])
        // The rows past the cut are mid-gray, as libjpeg leaves blocks it has no data for.
        let last = lenient.image.pixels.suffix(4)
        #expect(Array(last) == [128, 128, 128, 255])
        #expect(throws: ImageError.truncated(format: .jpeg, message: "Premature end of JPEG file")) {
            _ = try decode(cut, scale, threads: 2, strict: true)
        }
        let (libjpeg, report) = try JPEGTesting.image(cut, options: DecodeOptions(minimumSize: lenient.image.size))
        #expect(report.warnings.contains { $0.message == "Premature end of JPEG file" })
        #expect(JPEGTesting.meanAbsoluteDifference(lenient.image, libjpeg) < 0.6)
    }

    @Test("Through the codec: the same rows with 1 or 2 threads; libjpeg's below the size threshold")
    func codecUsesTheSplitDecoder() throws {
        let bytes = try Fixtures.bytes("exif-orientation/Landscape_3.jpg")
        let split = try decode(bytes, .oneEighth, threads: 2)
        func decoded(threads: Int, minimumEntropyBytes: Int = 0) throws -> RGBAImage {
            var collector = RGBAImageCollector()
            let options = DecodeOptions(minimumSize: split.image.size, maxThreads: threads)
            _ = try Self.codec.decode(.file(path: Fixtures.path("exif-orientation/Landscape_3.jpg")), options: options,
                                      shortcutEngine: .dcScanDecoder, minimumEntropyBytes: minimumEntropyBytes,
                                      minimumSplitBytes: 0, into: &collector)
            return collector.image
        }
        #expect(try decoded(threads: 2) == split.image)
        #expect(try decoded(threads: 1) == split.image)
        let libjpeg = try decoded(threads: 2, minimumEntropyBytes: .max)
        #expect(libjpeg != split.image && libjpeg.size == split.image.size)
        #expect(JPEGTesting.meanAbsoluteDifference(libjpeg, split.image) < 0.6)
    }

    @Test("At 1/2 the codec keeps libjpeg unless asked for the split decoder, whose rows it then gives")
    func halfScaleStaysWithLibjpeg() throws {
        let bytes = try Fixtures.bytes("exif-orientation/Landscape_1.jpg")
        let split = try decode(bytes, JPEGScale(eighths: 4), threads: 2)
        func decoded(minimumEntropyBytes: Int = 0, splitScales: Set<Int> = JPEGRowDecoder.defaultSplitScales) throws -> RGBAImage {
            var collector = RGBAImageCollector()
            _ = try Self.codec.decode(.bytes(bytes), options: DecodeOptions(minimumSize: split.image.size, maxThreads: 2),
                                      shortcutEngine: .dcScanDecoder, minimumEntropyBytes: minimumEntropyBytes,
                                      minimumSplitBytes: 0, splitScales: splitScales, into: &collector)
            return collector.image
        }
        #expect(try decoded() == decoded(minimumEntropyBytes: .max))
        #expect(try decoded(splitScales: [1, 2, 4]) == split.image)
        #expect(split.image != (try decoded()))
    }

    @Test("Resampled to a thumbnail, its rows are as close to a full-size Lanczos downscale as libjpeg's", arguments: scales)
    func thumbnailQuality(scale: JPEGScale) throws {
        let path = Fixtures.path("exif-orientation/Landscape_1.jpg")
        let target = PixelSize(width: 150, height: 100)
        func thumbnail(minimumSize: PixelSize?, minimumEntropyBytes: Int = 0) throws -> RGBAImage {
            var resampler = Resampler(outputSize: target, filter: .lanczos3, space: .linear, premultipliesAlpha: false, orientation: .up)
            _ = try Self.codec.decode(.file(path: path), options: DecodeOptions(minimumSize: minimumSize, maxThreads: 2),
                                      shortcutEngine: .dcScanDecoder, minimumEntropyBytes: minimumEntropyBytes,
                                      minimumSplitBytes: 0, splitScales: [1, 2, 4], into: &resampler)
            return resampler.makeImage()
        }
        let reference = try thumbnail(minimumSize: nil)
        let stored = try Self.codec.probe(.file(path: path), limits: .init()).size
        let reduced = scale.outputSize(for: stored)
        let split = try thumbnail(minimumSize: reduced)
        let libjpeg = try thumbnail(minimumSize: reduced, minimumEntropyBytes: .max)
        let splitPSNR = Self.psnr(split, reference), libjpegPSNR = Self.psnr(libjpeg, reference)
        #expect(splitPSNR >= libjpegPSNR - 0.05, "split \(splitPSNR) dB, libjpeg \(libjpegPSNR) dB at \(scale)")
        #expect(splitPSNR > 30)
    }

    /// Peak signal-to-noise ratio over the RGB samples, in dB.
    static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var squares = 0.0
        for index in a.pixels.indices where index & 3 != 3 {
            let difference = Double(a.pixels[index]) - Double(b.pixels[index])
            squares += difference * difference
        }
        let mean = squares / Double(a.width * a.height * 3)
        return 10 * log10(255 * 255 / max(mean, 1e-12))
    }
}
