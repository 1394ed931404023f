/// A mean or root mean square of every pixel folds a matrix/TRC conversion into its sums
/// (`PowerMeanAccumulator.sourceConversion`): each pixel is converted and summed in one loop, with
/// exactly the converted row's sums. Linear-light means and reducing samplers take converted rows.
extension AverageOptions: ColorConversionFolding {
    var foldsColorConversion: Bool { sampling == .everyPixel && algorithm != .linear }
    /// The fused sum costs about the conversion pass it replaces: beside results that need the
    /// converted rows anyway, the average takes them too.
    var foldsBesideConvertedRows: Bool { false }
}
