import PixelKit
import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// The work budget of the HEIF decoder (issue 27): libheif's decode is one call that cannot be
/// stopped, so cancellation and the deadline are checked before and after it.
@Suite struct HEIFWorkBudgetTests {
    static let codec = HEIFCodec()

    static func decode(_ file: String, _ options: DecodeOptions) throws(ImageError) -> InterruptionSink {
        var sink = InterruptionSink()
        _ = try codec.decode(.file(path: Fixtures.path(file)), options: options, into: &sink)
        return sink
    }

    @Test(arguments: ["heif/example.heic", "heif/coffee.avif"])
    func anExpiredDeadlineStopsTheDecode(file: String) throws {
        #expect(throws: DecodeDeadline.expiredError) { try Self.decode(file, DecodeOptions(deadline: .expired)) }
        let sink = try Self.decode(file, DecodeOptions(deadline: .after(.seconds(60))))
        #expect(sink.rows == sink.size.height && sink.rows > 0)
    }

    @Test func aCancelledTaskDecodesNothing() async {
        let result = await Task { () -> Result<InterruptionSink, ImageError> in
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(ImageError) in try Self.decode("heif/example.heic", DecodeOptions()) }
        }.value
        #expect(throws: ImageError.cancelled) { try result.get() }
    }
}
