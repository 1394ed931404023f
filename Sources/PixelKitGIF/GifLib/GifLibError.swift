import CGif
import PixelKit

/// A giflib error code (`D_GIF_ERR_*`) as a typed error, named with `GifErrorString`.
enum GifLibError {
    /// The error for `code`; `context` says what failed. Data that ends early (`READ_FAILED`,
    /// `EOF_TOO_SOON`) is `.truncated`; everything else is `.malformed`.
    static func error(_ code: Int32, _ context: String) -> ImageError {
        let name = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
            return .truncated(format: .gif, message: "\(context): \(name)")
        default:
            return .malformed(format: .gif, message: "\(context): \(name) (giflib error \(code))")
        }
    }
}
