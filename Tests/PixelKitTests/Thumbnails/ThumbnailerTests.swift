import PixelKit
import Testing

@Suite("Thumbnailer with an in-memory codec")
struct ThumbnailerTests {
    let codec = InMemoryCodec()

    private func thumbnailer(_ options: ThumbnailOptions = .init(), codecs extra: [InMemoryCodec] = []) -> Thumbnailer {
        Thumbnailer(codecs: CodecRegistry([codec] + extra), options: options)
    }

    private func options(max: Int, format: ImageFormat = ImageFormat(rawValue: "raw")) -> ThumbnailOptions {
        ThumbnailOptions(maxPixelSize: max, format: format)
    }

    @Test("Decodes small first: asks for the target size and resamples from the reduced decode")
    func reducedDecode() throws {
        let file = InMemoryCodec.file(TestImages.pattern(width: 640, height: 480))
        var smallest = options(max: 120)
        smallest.preferredDecodeMaxPixels = 0
        let made = try thumbnailer(smallest).thumbnailImage(of: .bytes(file))
        #expect(codec.requests.all == [PixelSize(width: 120, height: 90)])
        #expect(made.decodedSize == PixelSize(width: 160, height: 120))   // 1/4: the smallest scale ≥ 120×90
        #expect(made.image.size == PixelSize(width: 120, height: 90))

        var full = smallest
        full.usesReducedDecode = false
        let fromFull = try thumbnailer(full).thumbnailImage(of: .bytes(file))
        #expect(fromFull.decodedSize == PixelSize(width: 640, height: 480))
        // Same picture either way: a smooth pattern differs only by rounding.
        #expect(try #require(TestImages.meanDifference(made.image, fromFull.image)) < 1)
    }

    /// Issue 42, item 2: a caller could not keep a thumbnail off the second thread (the codec
    /// was always given `maxThreads` 2 on a machine with two cores).
    @Test("A second thread only when the options allow it; the codec is then told one thread, whatever decoding.maxThreads says")
    func secondThreadIsTheCallersChoice() throws {
        let file = InMemoryCodec.file(TestImages.pattern(width: 640, height: 480))
        var single = options(max: 120)
        single.usesSecondThread = false
        single.decoding.maxThreads = 3
        let alone = try thumbnailer(single).thumbnail(of: .bytes(file))
        _ = try thumbnailer(single).thumbnailImage(of: .bytes(file))
        #expect(codec.requests.maxThreads == [1, 1])
        let overlapped = try thumbnailer(options(max: 120)).thumbnail(of: .bytes(file))
        #expect(codec.requests.maxThreads.last == (ProcessorCount.active >= 2 ? 2 : 1))
        #expect(alone.data == overlapped.data)
    }

    @Test("Decode headroom asks for a larger reduced decode, capped at the stored size")
    func decodeHeadroom() throws {
        let file = InMemoryCodec.file(TestImages.pattern(width: 640, height: 480))
        var sharper = options(max: 120)
        sharper.preferredDecodeMaxPixels = 0
        sharper.reducedDecodeHeadroom = 2
        let made = try thumbnailer(sharper).thumbnailImage(of: .bytes(file))
        #expect(codec.requests.all == [PixelSize(width: 240, height: 180)])
        #expect(made.decodedSize == PixelSize(width: 320, height: 240))   // 1/2: the smallest scale ≥ 240×180
        #expect(made.image.size == PixelSize(width: 120, height: 90))
        sharper.reducedDecodeHeadroom = 100
        #expect(sharper.minimumDecodeSize(for: PixelSize(width: 120, height: 90), stored: PixelSize(width: 640, height: 480))
            == PixelSize(width: 640, height: 480))
        sharper.reducedDecodeHeadroom = 0.5
        #expect(throws: ImageError.invalidOptions("reduced decode headroom 0.5 must be at least 1")) {
            try thumbnailer(sharper).thumbnail(of: file)
        }
    }

    @Test("By default a 1.95× decode is asked for when it has at most 3,000,000 pixels, else the smallest")
    func preferredHeadroom() throws {
        let defaults = ThumbnailOptions()
        func request(_ options: ThumbnailOptions, _ target: (Int, Int), of stored: (Int, Int)) -> PixelSize? {
            options.minimumDecodeSize(
                for: PixelSize(width: target.0, height: target.1), stored: PixelSize(width: stored.0, height: stored.1))
        }
        // Small thumbnails of large photos: 1.95× the thumbnail (each side rounded up), up to 3,000,000 pixels.
        #expect(request(defaults, (500, 375), of: (4000, 3000)) == PixelSize(width: 975, height: 732))
        #expect(request(defaults, (1024, 768), of: (4000, 3000)) == PixelSize(width: 1997, height: 1498))
        // Over the budget (2000 × 1502): back to the thumbnail's own size (headroom 1).
        #expect(request(defaults, (1025, 770), of: (4000, 3004)) == PixelSize(width: 1025, height: 770))
        // 512 px of a 4032 × 3024 photo asks 999 × 749: its 1/4 scale, 1008 × 756, covers it.
        #expect(request(defaults, (512, 384), of: (4032, 3024)) == PixelSize(width: 999, height: 749))
        // The default 2000-px thumbnail of a 12 MP photo keeps the fastest reduced decode.
        #expect(request(defaults, (2000, 1500), of: (4000, 3000)) == PixelSize(width: 2000, height: 1500))
        // A small source is decoded in full (the doubled request is capped at the stored size).
        #expect(request(defaults, (380, 253), of: (768, 512)) == PixelSize(width: 741, height: 494))
        #expect(request(defaults, (500, 333), of: (768, 512)) == PixelSize(width: 768, height: 512))

        var custom = defaults
        custom.preferredDecodeMaxPixels = 0
        #expect(request(custom, (380, 253), of: (768, 512)) == PixelSize(width: 380, height: 253))
        // The larger of the two headrooms applies where the budget allows, the minimum one elsewhere.
        custom.preferredDecodeMaxPixels = 3_000_000
        custom.reducedDecodeHeadroom = 1.25
        #expect(request(custom, (380, 253), of: (768, 512)) == PixelSize(width: 741, height: 494))
        #expect(request(custom, (2000, 1500), of: (4000, 3000)) == PixelSize(width: 2500, height: 1875))
        custom.reducedDecodeHeadroom = 3
        #expect(request(custom, (100, 50), of: (768, 512)) == PixelSize(width: 300, height: 150))
        custom.reducedDecodeHeadroom = 1
        custom.preferredDecodeHeadroom = 1.5
        #expect(request(custom, (100, 50), of: (768, 512)) == PixelSize(width: 150, height: 75))
        // A huge headroom is capped at the stored size rather than overflowing.
        custom.reducedDecodeHeadroom = 1e300
        #expect(request(custom, (100, 50), of: (768, 512)) == PixelSize(width: 768, height: 512))
        custom.usesReducedDecode = false
        #expect(request(custom, (100, 50), of: (768, 512)) == nil)

        // Through the thumbnailer: the request grows 1.95×, the codec picks the smallest scale covering it.
        let file = InMemoryCodec.file(TestImages.pattern(width: 640, height: 480))
        let made = try thumbnailer(options(max: 120)).thumbnailImage(of: .bytes(file))
        #expect(codec.requests.all == [PixelSize(width: 234, height: 176)])
        #expect(made.decodedSize == PixelSize(width: 320, height: 240))   // 1/2: the smallest scale ≥ 234×176

        var invalid = options(max: 120)
        invalid.preferredDecodeHeadroom = 0.5
        #expect(throws: ImageError.invalidOptions("preferred decode headroom 0.5 must be at least 1")) {
            try thumbnailer(invalid).thumbnail(of: file)
        }
        invalid = options(max: 120)
        invalid.preferredDecodeMaxPixels = -1
        #expect(throws: ImageError.invalidOptions("preferred decode max pixels -1 must not be negative")) {
            try thumbnailer(invalid).thumbnail(of: file)
        }
    }

    @Test("Never enlarges, and a same-size thumbnail keeps every pixel")
    func neverUpscales() throws {
        let image = TestImages.pattern(width: 120, height: 80)
        let made = try thumbnailer(options(max: 2000)).thumbnailImage(of: .bytes(InMemoryCodec.file(image)))
        #expect(made.image == image)
    }

    @Test("Orientation: upright output by default, stored orientation when turned off", arguments: ImageOrientation.allCases)
    func orientation(orientation: ImageOrientation) throws {
        let stored = TestImages.pattern(width: 64, height: 40)
        let file = InMemoryCodec.file(stored, orientation: orientation)
        let upright = try thumbnailer(options(max: 64)).thumbnailImage(of: .bytes(file))
        #expect(upright.image == TestImages.upright(stored, orientation))
        #expect(upright.orientationApplied == (orientation != .up))

        var keep = options(max: 32)
        keep.appliesOrientation = false
        let kept = try thumbnailer(keep).thumbnailImage(of: .bytes(file))
        #expect(kept.image.size == PixelSize(width: 32, height: 20))
        #expect(!kept.orientationApplied)
    }

    @Test("Quality: one default (0.75) whatever the source's format; PNG sources only differ when told")
    func qualityBySource() throws {
        let pngLike = InMemoryCodec(format: .png, magic: Array("TPNG".utf8))
        let image = TestImages.pattern(width: 10, height: 10)
        let raw = InMemoryCodec.file(image)
        let png = InMemoryCodec.file(image, magic: pngLike.magic)
        let made = thumbnailer(options(max: 5), codecs: [pngLike])
        #expect(try made.thumbnail(of: raw).quality == 0.75)
        #expect(try made.thumbnail(of: png).quality == 0.75)

        var uniform = options(max: 5)
        uniform.quality = 0.5
        #expect(try thumbnailer(uniform, codecs: [pngLike]).thumbnail(of: png).quality == 0.5)
        var pngApart = uniform
        pngApart.pngSourceQuality = 1.0
        #expect(try thumbnailer(pngApart, codecs: [pngLike]).thumbnail(of: png).quality == 1.0)
        #expect(try thumbnailer(pngApart, codecs: [pngLike]).thumbnail(of: raw).quality == 0.5)
    }

    @Test("The thumbnail is encoded by the registry's encoder for the chosen format")
    func encodes() throws {
        let thumbnail = try thumbnailer(options(max: 50)).thumbnail(of: InMemoryCodec.file(TestImages.pattern(width: 200, height: 100)))
        #expect(thumbnail.size == PixelSize(width: 50, height: 25))
        #expect(thumbnail.fileExtension == "raw")
        let decoded = try CodecRegistry([codec]).decodeImage(.bytes(thumbnail.data)).image
        #expect(decoded.size == thumbnail.size)
    }

    @Test("Typed errors: bad options, unknown input, missing encoder, corrupt data")
    func errors() {
        let file = InMemoryCodec.file(TestImages.pattern(width: 8, height: 8))
        #expect(throws: ImageError.invalidOptions("max pixel size 0 must be at least 1")) {
            try thumbnailer(options(max: 0)).thumbnail(of: file)
        }
        var badQuality = options(max: 10)
        badQuality.quality = 1.5
        #expect(throws: ImageError.invalidOptions("quality 1.5 must be between 0 and 1")) {
            try thumbnailer(badQuality).thumbnail(of: file)
        }
        #expect(throws: ImageError.noEncoder(format: .jpeg)) { try thumbnailer().thumbnail(of: file) }
        #expect(throws: ImageError.emptyInput) { try thumbnailer(options(max: 10)).thumbnail(of: []) }
        #expect(throws: ImageError.self) { try thumbnailer(options(max: 10)).thumbnail(of: Array(file.dropLast())) }
        #expect(throws: ImageError.file(FileError(path: "/nonexistent/x.raw", operation: .open, errno: 2))) {
            try thumbnailer(options(max: 10)).thumbnail(of: "/nonexistent/x.raw")
        }
    }
}
