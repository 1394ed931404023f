import PixelKit

/// libjpeg's reduced-size decoding: output at `eighths`/8 of the stored size (1…8), computed from the
/// DCT coefficients directly, so a smaller scale is also a cheaper decode.
@_spi(Testing)
public struct JPEGScale: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numerator over 8: 1 (1/8) … 8 (full size).
    public let eighths: Int

    /// - Precondition: `1...8 ~= eighths`.
    public init(eighths: Int) {
        precondition((1...8).contains(eighths), "JPEG scale must be 1/8 … 8/8")
        self.eighths = eighths
    }

    /// 8/8: the stored size.
    public static let full = JPEGScale(eighths: 8)
    /// 1/8: one pixel per 8×8 block, computed from its DC coefficient alone.
    public static let oneEighth = JPEGScale(eighths: 1)

    /// The smallest scale whose output is at least `minimum` in both dimensions; full size when
    /// `minimum` is `nil` or larger than the image.
    public static func smallest(for stored: PixelSize, atLeast minimum: PixelSize?) -> JPEGScale {
        guard let minimum else { return .full }
        for eighths in 1...8 {
            let scale = JPEGScale(eighths: eighths)
            let output = scale.outputSize(for: stored)
            if output.width >= minimum.width && output.height >= minimum.height { return scale }
        }
        return .full
    }

    /// The size libjpeg delivers at this scale: each dimension × eighths / 8, rounded up
    /// (`jdiv_round_up` in `jpeg_calc_output_dimensions`).
    public func outputSize(for stored: PixelSize) -> PixelSize {
        PixelSize(width: (stored.width * eighths + 7) / 8, height: (stored.height * eighths + 7) / 8)
    }

    /// Smaller scales first.
    public static func < (lhs: JPEGScale, rhs: JPEGScale) -> Bool { lhs.eighths < rhs.eighths }

    /// `"n/8"`.
    public var description: String { "\(eighths)/8" }
}
