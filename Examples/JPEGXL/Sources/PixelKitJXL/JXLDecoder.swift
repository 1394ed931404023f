import CJXL
import PixelKit

/// One libjxl decoder (`JxlDecoder`) and the input it is fed: created by a session's open, which
/// runs it to the header's events, and continued by the session's decode from there.
///
/// libjxl keeps pointers into the bytes last given to `JxlDecoderSetInput` until
/// `JxlDecoderReleaseInput`, so they live in a buffer this object owns; what libjxl has not
/// consumed is kept and the next chunk appended to it.
final class JXLDecoder {
    private let decoder: OpaquePointer
    /// libjxl's thread pool, when the decode may use more than the calling thread.
    private let runner: UnsafeMutableRawPointer?
    private var input: JXLInput
    /// Whether a decode has started: a session decodes once.
    private var isClaimed = false
    /// The bytes libjxl reads now.
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// The events a session waits for; subscribed once, before the first byte is read.
    private static let events: Int32 = Int32(
        JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FRAME.rawValue
            | JXL_DEC_FRAME_PROGRESSION.rawValue | JXL_DEC_FULL_IMAGE.rawValue)

    /// A decoder for `input`, using `threads` threads (the calling thread alone when below 2;
    /// libjxl takes its runner only before it starts, so the opening's options decide).
    ///
    /// libjxl's own allocator is used: libjxl 0.7 allocates only its decoder object (3.7 KB,
    /// measured) through a `JxlMemoryManager`, and its image buffers with its own aligned allocator,
    /// so a manager could not cap them. The session bounds them by the image's size instead.
    init(_ input: JXLInput, threads: Int) throws(ImageError) {
        self.input = input
        guard let decoder = JxlDecoderCreate(nil) else {
            throw .unsupported(format: .jxl, feature: "libjxl could not create a decoder")
        }
        self.decoder = decoder
        runner = threads >= 2 ? JxlThreadParallelRunnerCreate(nil, threads) : nil
        if let runner, JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) != JXL_DEC_SUCCESS {
            throw .unsupported(format: .jxl, feature: "libjxl refused its thread pool")
        }
        // The pixels come as stored; `ImageInfo.orientation` says how to show them.
        guard JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
              JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
              JxlDecoderSetProgressiveDetail(decoder, kDC) == JXL_DEC_SUCCESS,
              JxlDecoderSubscribeEvents(decoder, Self.events) == JXL_DEC_SUCCESS
        else {
            throw .unsupported(format: .jxl, feature: "libjxl refused the decoder's settings")
        }
    }

    deinit {
        JxlDecoderDestroy(decoder)
        if let runner { JxlThreadParallelRunnerDestroy(runner) }
        buffer.deallocate()
    }

    /// True the first time only: the decode that claims the decoder may continue it.
    func claim() -> Bool {
        defer { isClaimed = true }
        return !isClaimed
    }

    /// What ``next(_:)`` stopped at.
    enum Step {
        /// A subscribed event or an output request (`JXL_DEC_BASIC_INFO`, `JXL_DEC_NEED_IMAGE_OUT_BUFFER`, …).
        case event(JxlDecoderStatus)
        /// The input ended before the image did.
        case truncated
    }

    /// Runs libjxl to its next event, feeding it the input chunk by chunk as it asks for more,
    /// with `options`' cancellation and deadline checked before each chunk.
    /// - Throws: `.malformed` for a libjxl error, `.cancelled`, deadline, `.limitExceeded(.inputSize)`, `.file`.
    func next(_ options: DecodeOptions) throws(ImageError) -> Step {
        while true {
            let status = JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_NEED_MORE_INPUT:
                try options.checkInterruption()
                guard try feed() else { return .truncated }
            case JXL_DEC_ERROR:
                throw .malformed(format: .jxl, message: "libjxl could not decode the file (JXL_DEC_ERROR)")
            default:
                return .event(status)
            }
        }
    }

    /// Appends the input's next chunk to what libjxl has not consumed and hands it the lot; false
    /// at the end of the input. A chunk is at least as large as what is left unconsumed, so that
    /// the copying stays linear in the input's size when libjxl waits for a large section whole.
    private func feed() throws(ImageError) -> Bool {
        let unconsumed = buffer.baseAddress == nil ? 0 : JxlDecoderReleaseInput(decoder)
        let chunk = try input.next(upTo: max(JXLInput.chunkBytes, unconsumed))
        guard !chunk.isEmpty else { return false }
        let next = UnsafeMutableRawBufferPointer.allocate(byteCount: unconsumed + chunk.count, alignment: 16)
        if unconsumed > 0 {
            next.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[(buffer.count - unconsumed)...]))
        }
        chunk.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: next[unconsumed...]).copyMemory(from: $0) }
        buffer.deallocate()
        buffer = next
        guard JxlDecoderSetInput(decoder, next.baseAddress?.assumingMemoryBound(to: UInt8.self), next.count) == JXL_DEC_SUCCESS else {
            throw .malformed(format: .jxl, message: "libjxl refused its input (JxlDecoderSetInput)")
        }
        return true
    }

    /// The basic info; valid after `JXL_DEC_BASIC_INFO`.
    func basicInfo() throws(ImageError) -> JxlBasicInfo {
        var info = JxlBasicInfo()
        guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
            throw .malformed(format: .jxl, message: "no basic info (JxlDecoderGetBasicInfo)")
        }
        return info
    }

    /// The color encoding of the pixels libjxl delivers (`JXL_COLOR_PROFILE_TARGET_DATA`); valid
    /// after `JXL_DEC_COLOR_ENCODING`. An ICC profile is refused past `maxICCBytes`.
    func colorProfile(maxICCBytes: Int) throws(ImageError) -> JXLColorProfile {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS {
            return .encoded(JXLColorEncoding(encoding))
        }
        return .icc(try iccProfile(maxICCBytes: maxICCBytes))
    }

    /// The pixels' color as an ICC profile (`JxlDecoderGetColorAsICCProfile`): the file's own, or
    /// the one libjxl writes for an enumerated encoding. At most `maxICCBytes` bytes.
    func iccProfile(maxICCBytes: Int) throws(ImageError) -> [UInt8] {
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS else {
            throw .malformed(format: .jxl, message: "no color encoding and no ICC profile")
        }
        guard size <= maxICCBytes else { throw .limitExceeded(.chunkSize(bytes: size, limit: maxICCBytes)) }
        var profile = [UInt8](repeating: 0, count: size)
        let status = profile.withUnsafeMutableBufferPointer {
            JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, $0.baseAddress, size)
        }
        guard status == JXL_DEC_SUCCESS else { throw .malformed(format: .jxl, message: "unreadable ICC profile") }
        return profile
    }

    /// RGBA, 8 bits per sample: what PixelKit's rows hold.
    static var rgba8: JxlPixelFormat {
        JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
    }

    /// Points libjxl's output at `pixels` (RGBA8, the image's stored size), after checking that
    /// libjxl expects exactly that many bytes.
    func setOutput(_ pixels: UnsafeMutableRawBufferPointer) throws(ImageError) {
        var format = Self.rgba8
        var expected = 0
        guard JxlDecoderImageOutBufferSize(decoder, &format, &expected) == JXL_DEC_SUCCESS, expected == pixels.count,
              JxlDecoderSetImageOutBuffer(decoder, &format, pixels.baseAddress, pixels.count) == JXL_DEC_SUCCESS
        else {
            throw .malformed(format: .jxl, message: "libjxl wants an output of \(expected) bytes, not \(pixels.count)")
        }
    }

    /// Renders what has been decoded so far into the output (`JxlDecoderFlushImage`); false when
    /// libjxl has nothing to render yet.
    func flush() -> Bool {
        JxlDecoderFlushImage(decoder) == JXL_DEC_SUCCESS
    }

    /// The downsampling of the image the last flush rendered (1, 2, 4 or 8).
    var intendedDownsampling: Int {
        JxlDecoderGetIntendedDownsamplingRatio(decoder)
    }
}
