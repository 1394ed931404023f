/// The rows of one decode, left in the source's colors for the results that convert them
/// themselves (``ColorConversionFolding``) and converted once for the others.
struct ColorSplittingFanOut: RowSink {
    var folding: ResultFanOut
    var converting: ColorConvertingSink<ResultFanOut>

    mutating func begin(size: PixelSize) {
        folding.begin(size: size)
        converting.begin(size: size)
    }

    mutating func consume(_ row: PixelRow) {
        if !folding.isSatisfied { folding.consume(row) }
        if !converting.isSatisfied { converting.consume(row) }
    }

    var isSatisfied: Bool { folding.isSatisfied && converting.isSatisfied }
}
