import CWebP
import PixelKit

/// A libwebp decoding status (`VP8StatusCode`) as a typed error.
enum WebPStatus {
    /// The error for a status other than `VP8_STATUS_OK`, naming it; `context` says what failed.
    static func error(_ status: VP8StatusCode, _ context: String) -> ImageError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return .truncated(format: .webp, message: "\(context): not enough data (VP8_STATUS_NOT_ENOUGH_DATA)")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return .unsupported(format: .webp, feature: "\(context): VP8_STATUS_UNSUPPORTED_FEATURE")
        case VP8_STATUS_OUT_OF_MEMORY:
            return .malformed(format: .webp, message: "\(context): libwebp ran out of memory (VP8_STATUS_OUT_OF_MEMORY)")
        case VP8_STATUS_INVALID_PARAM:
            return .malformed(format: .webp, message: "\(context): invalid parameter (VP8_STATUS_INVALID_PARAM)")
        default:
            return .malformed(format: .webp, message: "\(context): bitstream error (VP8StatusCode \(status.rawValue))")
        }
    }
}
