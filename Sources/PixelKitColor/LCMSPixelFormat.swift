import CLCMS2

/// lcms2 pixel format words (`TYPE_…` in lcms2.h, whose function-like macros Swift cannot import),
/// built from the same bit fields.
package enum LCMSPixelFormat {
    private static func format(space: Int32, channels: UInt32, extra: UInt32 = 0, bytes: UInt32 = 1, float: Bool = false, inverted: Bool = false) -> UInt32 {
        (float ? 1 << 22 : 0) | UInt32(space) << 16 | (inverted ? 1 << 13 : 0) | extra << 7 | channels << 3 | bytes
    }

    /// `TYPE_RGBA_8`.
    package static let rgba8 = format(space: PT_RGB, channels: 3, extra: 1)
    /// One gray byte followed by three ignored bytes: a gray image in the core's RGBA rows.
    package static let grayInRGBA8 = format(space: PT_GRAY, channels: 1, extra: 3)
    /// `TYPE_CMYK_8` (0 = no ink).
    package static let cmyk8 = format(space: PT_CMYK, channels: 4)
    /// `TYPE_CMYK_8_REV` (255 = no ink, Adobe's JPEG convention).
    package static let cmyk8Inverted = format(space: PT_CMYK, channels: 4, inverted: true)
    /// `TYPE_RGB_FLT`: the floating-point reference the tests compare the fast path to.
    package static let rgbFloat = format(space: PT_RGB, channels: 3, bytes: 4, float: true)
    /// `TYPE_GRAY_FLT`.
    package static let grayFloat = format(space: PT_GRAY, channels: 1, bytes: 4, float: true)
}
