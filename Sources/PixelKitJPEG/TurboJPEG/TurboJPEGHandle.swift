import CTurboJPEG
import PixelKit

/// An owned TurboJPEG instance (`tjhandle`), destroyed with the value.
struct TurboJPEGHandle: ~Copyable {
    let raw: tjhandle

    /// Wraps `tjInitDecompress`.
    static func decompressor() throws(ImageError) -> TurboJPEGHandle {
        guard let raw = tjInitDecompress() else { throw .malformed(format: .jpeg, message: "tjInitDecompress failed") }
        return TurboJPEGHandle(raw: raw)
    }

    private init(raw: tjhandle) { self.raw = raw }

    /// Wraps `tjDestroy`.
    deinit { tjDestroy(raw) }

    /// Wraps `tjGetErrorStr2`: the message of the handle's last failure.
    var lastError: String {
        guard let text = tjGetErrorStr2(raw) else { return "unknown TurboJPEG error" }
        return String(cString: text)
    }
}
