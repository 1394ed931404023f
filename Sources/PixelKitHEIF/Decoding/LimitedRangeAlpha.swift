/// Expands an alpha plane coded in limited ("studio") range, 16…235 for 8 bits, to full range
/// 0…255, as libavif does: an AV1 alpha stream whose sequence header says `color_range = 0` (some
/// encoders wrote those; AVIF now requires full-range alpha) has its opaque pixels at 235. libheif
/// 1.15 copies the plane as it is, so they would come out 92 % opaque.
enum LimitedRangeAlpha {
    /// Full-range alpha for each limited-range value: (v − 16) · 255 / 219 rounded to nearest
    /// (never halfway, as 219 is odd) and clamped to 0…255. Pillow's libavif gives the same values.
    static let fullRange: [UInt8] = (0..<256).map { value in
        UInt8(min(max(((Double(value) - 16) * 255 / 219).rounded(), 0), 255))
    }
}
