/// A conversion of 8-bit pixels to sRGB or Display P3, built once per color space and used for every row.
///
/// Rows are 4 bytes per pixel. For RGB spaces they are RGBA and alpha is kept; for gray spaces the
/// gray value is read from the first byte (R = G = B in the core's rows) and alpha is kept; for
/// CMYK spaces the 4 bytes are C, M, Y, K (in the ``CMYKSamples`` convention the transform was
/// made for) and the output alpha is 255.
public protocol ColorTransform: Sendable {
    /// Converts `row` (4 bytes per pixel; a partial pixel at the end is left as is) in place.
    func convert(_ row: UnsafeMutableBufferPointer<UInt8>)
    /// Converts `source` into `destination` (at least as long), leaving `source` unchanged. The
    /// default copies, then converts in place.
    func convert(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>)
}

extension ColorTransform {
    /// Copies `source` into `destination` (at least as long) and converts it there.
    public func convert(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>) {
        precondition(destination.count >= source.count, "destination shorter than source")
        let count = source.count
        _ = UnsafeMutableBufferPointer(rebasing: destination[..<count]).initialize(fromContentsOf: source)
        convert(UnsafeMutableBufferPointer(rebasing: destination[..<count]))
    }
}

/// How CMYK samples are stored. ICC profiles (and lcms2's `TYPE_CMYK_8`) count ink (0 = none);
/// Adobe's CMYK JPEGs (APP14) store the complement (255 = none), which libjpeg passes through.
public enum CMYKSamples: Sendable, Hashable {
    /// 0 means no ink (the ICC convention).
    case inkAmount
    /// 255 means no ink (Adobe CMYK/YCCK JPEGs).
    case inverted
}

/// Makes ``ColorTransform``s to sRGB or Display P3. The core defines it and keeps one in every
/// ``CodecRegistry`` (``CodecRegistry/colorTransforms``); its default, ``MatrixShaperProvider``,
/// covers matrix/TRC profiles in Swift, and `PixelKitColor`'s `ColorManagement` covers every
/// profile over lcms2 (lookup tables, CMYK), so operations depend only on the core.
public protocol ColorTransformProvider: Sendable {
    /// A transform from `space` to `destination` (relative colorimetric intent), or nil when no
    /// conversion is needed (`space` is `destination` already, or is
    /// ``ColorSpace/unconvertible(_:)``: the caller reports its issue). CMYK rows hold
    /// `cmykSamples`.
    /// - Throws: ``ColorProfileError`` when the space's profile cannot be used.
    func transform(to destination: OutputColorSpace, from space: ColorSpace, cmykSamples: CMYKSamples) throws(ColorProfileError) -> (any ColorTransform)?
}
