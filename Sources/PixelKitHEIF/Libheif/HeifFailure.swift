import CHeif
import PixelKit

/// A `heif_error` from libheif as a typed error carrying libheif's message.
enum HeifFailure {
    /// Nil for `heif_error_Ok`, else the `ImageError` for the failure of `format` data.
    static func error(_ failure: heif_error, format: ImageFormat, limit: Int) -> ImageError? {
        guard failure.code != heif_error_Ok else { return nil }
        let message = failure.message.map { String(cString: $0) } ?? "libheif error \(failure.code.rawValue)"
        switch (failure.code, failure.subcode) {
        case (_, heif_suberror_Security_limit_exceeded):
            if let size = sizeInMessage(message) {
                return .limitExceeded(.dimension(width: size.width, height: size.height, limit: limit))
            }
            return .malformed(format: format, message: message)
        case (_, heif_suberror_End_of_data):
            return .truncated(format: format, message: message)
        case (heif_error_Unsupported_filetype, _), (heif_error_Unsupported_feature, _), (heif_error_Plugin_loading_error, _):
            return .unsupported(format: format, feature: message)
        default:
            return .malformed(format: format, message: message)
        }
    }

    /// Throws the error for `failure` unless it is `heif_error_Ok`.
    static func check(_ failure: heif_error, format: ImageFormat, limit: Int) throws(ImageError) {
        if let error = error(failure, format: format, limit: limit) { throw error }
    }

    /// The first `WIDTHxHEIGHT` in libheif's security-limit message ("Image size 70000x10 exceeds…").
    private static func sizeInMessage(_ message: String) -> PixelSize? {
        for word in message.split(separator: " ") {
            let parts = word.split(separator: "x")
            if parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) {
                return PixelSize(width: width, height: height)
            }
        }
        return nil
    }
}
