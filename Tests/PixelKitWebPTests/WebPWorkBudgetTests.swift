import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// The work budget of the WebP decoder (issue 27): RIFF chunks and animation frames are counted from
/// their headers before libwebp sees them, and cancellation and the deadline are checked between the
/// chunks a streamed file is decoded in, and around each single libwebp call.
@Suite struct WebPWorkBudgetTests {
    static let codec = WebPCodec()

    static func decode(_ source: ImageSource, _ options: DecodeOptions) throws(ImageError) -> InterruptionSink {
        var sink = InterruptionSink()
        _ = try codec.decode(source, options: options, into: &sink)
        return sink
    }

    /// An animation's container: VP8X (a 16×16 canvas, animated), ANIM and `frames` ANMF chunks whose
    /// contents the count never looks at.
    static func animation(frames: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let size = UInt32(data.count)
            return Array(type.utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)] + data
        }
        var body = Array("WEBP".utf8)
        body += chunk("VP8X", [0x02, 0, 0, 0, 15, 0, 0, 15, 0, 0])
        body += chunk("ANIM", [0, 0, 0, 0, 0, 0])
        for _ in 0..<frames { body += chunk("ANMF", [UInt8](repeating: 0, count: 16)) }
        let size = UInt32(body.count)
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)] + body
    }

    @Test func framesAndChunksPastTheirLimitsAreCountedBeforeDecoding() {
        let bytes = Self.animation(frames: 6)
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 6, limit: 5))) {
            try Self.decode(.bytes(bytes), DecodeOptions(limits: DecodingLimits(maxFrames: 5)))
        }
        #expect(throws: ImageError.limitExceeded(.chunkCount(kind: "WebP chunks", count: 4, limit: 3))) {
            try Self.decode(.bytes(bytes), DecodeOptions(limits: DecodingLimits(maxChunkCount: 3)))
        }
        // Within the limits the demuxer sees the (empty) frames and refuses them as damage instead.
        #expect((try? Self.decode(.bytes(bytes), DecodeOptions())) == nil)
    }

    /// A passed deadline stops a decode from memory and a lossy file streamed to the incremental decoder.
    @Test func anExpiredDeadlineStopsTheDecode() throws {
        let bytes = try Self.codec.encode(NoiseImage.make(width: 256, height: 256), options: EncodeOptions())
        #expect(throws: DecodeDeadline.expiredError) { try Self.decode(.bytes(bytes), DecodeOptions(deadline: .expired)) }
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(bytes, to: "noise.webp")
        #expect(throws: DecodeDeadline.expiredError) {
            try Self.decode(.file(path: directory.file("noise.webp")), DecodeOptions(deadline: .expired))
        }
        #expect(try Self.decode(.file(path: directory.file("noise.webp")), DecodeOptions()).rows == 256)
    }

    @Test func aCancelledTaskDecodesNothing() async throws {
        let bytes = try Self.codec.encode(NoiseImage.make(width: 64, height: 64), options: EncodeOptions())
        let result = await Task { () -> Result<InterruptionSink, ImageError> in
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(ImageError) in try Self.decode(.bytes(bytes), DecodeOptions()) }
        }.value
        #expect(throws: ImageError.cancelled) { try result.get() }
    }
}
