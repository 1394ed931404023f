import PixelKit

extension DecodeDeadline {
    /// A deadline that passed a second ago; errors name its one-second timeout.
    package static var expired: DecodeDeadline { DecodeDeadline(instant: .now.advanced(by: .seconds(-1)), timeout: .seconds(1)) }

    /// The error a decode stopped by `expired` throws.
    package static let expiredError = ImageError.limitExceeded(.deadline(timeout: .seconds(1)))
}
