import CJPEGShim
import PixelKit

import PixelKitPlatform

/// A failure recorded by one of the shim's own decoders, as an `ImageError`. `cjdc_status_t` and
/// `cjsp_status_t` number their failures alike (`cjpegsplit.c` checks it at compile time).
struct ShimDecoderFailure {
    /// The status code (`CJDC_ERROR_*` / `CJSP_ERROR_*`).
    var kind: Int32
    /// Worded as libjpeg words the same problem.
    var message: String
    /// `errno`, for an I/O failure.
    var errorNumber: Int32
    /// Bytes the decoder would have needed, for a memory failure.
    var bytesNeeded: Int64

    /// The error to throw for input called `sourceName`, decoded within `maxMemoryBytes`.
    func imageError(sourceName: String, maxMemoryBytes: Int) -> ImageError {
        switch UInt32(bitPattern: kind) {
        case CJDC_ERROR_TRUNCATED.rawValue:
            return .truncated(format: .jpeg, message: message)
        case CJDC_ERROR_IO.rawValue:
            return .unreadableFile(path: sourceName, code: errorNumber, reason: String(cString: strerror(errorNumber)))
        case CJDC_ERROR_MEMORY.rawValue:
            return .limitExceeded(.memory(bytes: Int(bytesNeeded), limit: maxMemoryBytes))
        default:
            return .malformed(format: .jpeg, message: message)
        }
    }
}
