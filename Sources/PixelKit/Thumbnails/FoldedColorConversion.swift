/// A matrix/TRC color conversion folded into a `Resampler` (instead of a pass over every decoded
/// row first): input samples are linearized with the source's own curves, mixed in the source's
/// linear light, and the 3×3 matrix is applied to each output pixel, before the resampler's sRGB
/// encoding (which both destinations use) and its clipping. The matrix is linear, so mixing before
/// it (alpha premultiplied included) gives the colors mixing after it would, up to the per-row
/// pass's clipping of out-of-gamut pixels before they are mixed.
struct FoldedColorConversion: Sendable {
    /// The whole transform, for rows that pass through a resize that changes nothing.
    let transform: MatrixShaperTransform
    /// Linear light of each 8-bit sample: red at 0…255, green at 256…511, blue at 512…767.
    let linearization: [Float]
    /// The matrix's columns as lanes (R, G, B, 0) and alpha kept: `columns.0 · r + … + columns.3 · a`.
    let columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    init(_ transform: MatrixShaperTransform) {
        self.transform = transform
        let parts = transform.linearLightParts
        linearization = parts.red + parts.green + parts.blue
        let m = parts.matrix
        columns = (SIMD4(m[0], m[3], m[6], 0), SIMD4(m[1], m[4], m[7], 0), SIMD4(m[2], m[5], m[8], 0), SIMD4(0, 0, 0, 1))
    }

    /// `pixel` (linear R, G, B, alpha) in the destination's linear RGB, alpha kept.
    @inline(__always)
    func convert(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
        columns.0 * pixel[0] + columns.1 * pixel[1] + columns.2 * pixel[2] + columns.3 * pixel[3]
    }
}
