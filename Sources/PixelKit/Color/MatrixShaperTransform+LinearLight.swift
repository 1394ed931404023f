extension MatrixShaperTransform {
    /// The transform split at linear light, for a caller that mixes pixels there itself (a
    /// thumbnail's resampler applies the matrix at the output size): each input channel's 256
    /// linear-light values, and the matrix (row-major) from the source's linear RGB to the
    /// destination's, whose curve is the sRGB encoding.
    var linearLightParts: (red: [Float], green: [Float], blue: [Float], matrix: [Float]) {
        (red, green, blue, matrix)
    }
}
