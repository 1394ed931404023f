/// A request whose sink can take rows in the source's colors and apply a matrix/TRC conversion
/// itself (``SharedDecode/foldedColorConversion``), cheaper than the reader's pass over every
/// decoded row: a thumbnail resampled in linear light applies the matrix at its output size. A
/// decode leaves its rows unconverted only when every request folds the conversion.
protocol ColorConversionFolding {
    /// Whether the sink would apply the conversion itself.
    var foldsColorConversion: Bool { get }
    /// Whether folding still saves work when the fan-out converts the rows for another result
    /// anyway (the default): an exact average's fused sum costs about the pass it replaces, so it
    /// takes the converted rows then.
    var foldsBesideConvertedRows: Bool { get }
}

extension ColorConversionFolding {
    /// Folding saves work whatever the other results take.
    var foldsBesideConvertedRows: Bool { true }
}

extension Optional: ColorConversionFolding where Wrapped: ColorConversionFolding {
    /// An absent request takes no rows, so it folds any conversion.
    var foldsColorConversion: Bool { self?.foldsColorConversion ?? true }
}
