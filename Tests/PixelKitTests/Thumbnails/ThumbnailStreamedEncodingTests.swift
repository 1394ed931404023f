import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// A JPEG thumbnail whose rows are not turned is compressed row by row while the source is decoded
/// (`ImageEncoder.rowEncoder`); the file is the one encoding the finished image gives.
@Suite("Thumbnails encoded row by row")
struct ThumbnailStreamedEncodingTests {
    /// JPEG encoding that records how it was used (the JPEG codec decodes).
    final class RecordingEncoder: ImageEncoder {
        struct Uses { var wholeImages = 0, rowEncoders = 0, rows = 0 }
        let uses = PThreadLocked(Uses())
        var format: ImageFormat { .jpeg }
        var fileExtension: String { "jpg" }
        func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8] {
            uses.withLock { $0.wholeImages += 1 }
            return try JPEGCodec().encode(image, options: options)
        }
        func rowEncoder(for size: PixelSize, options: EncodeOptions) throws(ImageError) -> (any ImageRowEncoder)? {
            uses.withLock { $0.rowEncoders += 1 }
            return RowCounter(try JPEGCodec().rowEncoder(for: size, options: options)!, uses: uses)
        }
    }

    final class RowCounter: ImageRowEncoder {
        let base: any ImageRowEncoder
        let uses: PThreadLocked<RecordingEncoder.Uses>
        init(_ base: any ImageRowEncoder, uses: PThreadLocked<RecordingEncoder.Uses>) { (self.base, self.uses) = (base, uses) }
        func consume(_ row: PixelRow) throws(ImageError) {
            uses.withLock { $0.rows += 1 }
            try base.consume(row)
        }
        func finish() throws(ImageError) -> [UInt8] { try base.finish() }
    }

    static func thumbnailer(_ encoder: RecordingEncoder, max: Int = 200, appliesOrientation: Bool = true) -> Thumbnailer {
        var codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
        codecs.register(encoder: encoder)
        return Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: max, appliesOrientation: appliesOrientation))
    }

    /// The encode options the Thumbnailer uses for `made`, to encode its pixels the other way:
    /// progressive, thumbnails' default since issue 42 (`EncodeOptions`' own default is baseline).
    static func encoding(_ thumbnail: Thumbnail) -> EncodeOptions {
        EncodeOptions(quality: thumbnail.quality, progressive: true, orientation: thumbnail.orientationApplied ? .up : thumbnail.sourceInfo.orientation)
    }

    @Test("Unturned rows stream into the encoder, and the file is the finished image's",
          arguments: [("photos/rocket.jpg", true), ("exif-orientation/Landscape_6.jpg", false), ("pngsuite/tbrn2c08.png", true),
                      ("exif-orientation/Landscape_1.jpg", true)])
    func unturnedRowsStream(file: String, appliesOrientation: Bool) throws {
        let encoder = RecordingEncoder()
        let thumbnailer = Self.thumbnailer(encoder, appliesOrientation: appliesOrientation)
        let thumbnail = try thumbnailer.thumbnail(of: .file(path: Fixtures.path(file)))
        let uses = encoder.uses.withLock { $0 }
        #expect(uses.rowEncoders == 1)
        #expect(uses.rows == thumbnail.size.height)
        #expect(uses.wholeImages == 0)
        let pixels = try thumbnailer.thumbnailImage(of: .file(path: Fixtures.path(file))).image
        #expect(thumbnail.data == (try JPEGCodec().encode(pixels, options: Self.encoding(thumbnail))))
        // A thumbnail left as stored still tells viewers how to turn it.
        let probed = try JPEGCodec().probe(.bytes(thumbnail.data), limits: .init())
        #expect(probed.orientation == (appliesOrientation ? .up : thumbnail.sourceInfo.orientation))
    }

    /// A lenient decode that stops early leaves rows the resampler fills in (repeating the last one):
    /// streamed, they are encoded too, and the file is the finished image's.
    @Test("A truncated source's missing rows are filled and encoded", arguments: ["photos/rocket.jpg", "photos/camera.png"])
    func truncatedSourceStreams(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        let cut = Array(bytes.prefix(bytes.count * 6 / 10))
        let encoder = RecordingEncoder()
        let thumbnailer = Self.thumbnailer(encoder)
        let thumbnail = try thumbnailer.thumbnail(of: .bytes(cut))
        #expect(!thumbnail.warnings.isEmpty)
        #expect(encoder.uses.withLock { $0.rows } == thumbnail.size.height)
        let pixels = try thumbnailer.thumbnailImage(of: .bytes(cut)).image
        #expect(thumbnail.data == (try JPEGCodec().encode(pixels, options: Self.encoding(thumbnail))))
    }

    @Test("Turned rows are encoded once the image is finished")
    func turnedRowsAreEncodedWhole() throws {
        let encoder = RecordingEncoder()
        let thumbnailer = Self.thumbnailer(encoder)
        let thumbnail = try thumbnailer.thumbnail(of: .file(path: Fixtures.path("exif-orientation/Landscape_6.jpg")))
        #expect(thumbnail.orientationApplied)
        let uses = encoder.uses.withLock { $0 }
        #expect(uses.rowEncoders == 0)
        #expect(uses.wholeImages == 1)
        let pixels = try thumbnailer.thumbnailImage(of: .file(path: Fixtures.path("exif-orientation/Landscape_6.jpg"))).image
        #expect(thumbnail.data == (try JPEGCodec().encode(pixels, options: Self.encoding(thumbnail))))
    }
}
