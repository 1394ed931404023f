/// The core's ``ColorTransformProvider``: the Swift fast path only (``MatrixShaperTransform``), for
/// sRGB, Display P3, Rec. 2020 and matrix/TRC ICC profiles (P3, Adobe RGB, ProPhoto, gray gamma).
/// Lookup-table and CMYK profiles throw ``ColorProfileError/notMatrixShaper(reason:)``: a decode
/// then delivers the stored samples with a warning (a typed error when strict). Register
/// `PixelKitColor`'s `ColorManagement` to convert those too. Builds a transform per call (a few
/// microseconds: tables of 256 entries per channel).
public struct MatrixShaperProvider: ColorTransformProvider {
    /// The fast-path provider.
    public init() {}

    /// A ``MatrixShaperTransform`` from `space` to `destination`, nil when they are the same space
    /// (or the profile describes `destination` itself: ``MatrixShaperTransform/isIdentity``).
    /// - Throws: ``ColorProfileError`` for profiles the fast path does not cover.
    public func transform(to destination: OutputColorSpace, from space: ColorSpace, cmykSamples: CMYKSamples = .inkAmount) throws(ColorProfileError) -> (any ColorTransform)? {
        if case .icc(let profile) = space {
            let transform = try MatrixShaperTransform(profile: profile, destination: destination)
            return transform.isIdentity ? nil : transform
        }
        return MatrixShaperTransform.between(space, and: destination)
    }
}
