/// Thumbnails resampled in linear light fold a matrix/TRC conversion into the resampler: it
/// linearizes with the source's curves and applies the matrix at the output size. In gamma space
/// the rows are mixed as encoded, so they are converted first.
extension ThumbnailOptions: ColorConversionFolding {
    var foldsColorConversion: Bool { space == .linear }
}

extension ThumbnailImageRequest: ColorConversionFolding {
    var foldsColorConversion: Bool { options.foldsColorConversion }
}

extension EncodedThumbnailRequest: ColorConversionFolding {
    var foldsColorConversion: Bool { options.foldsColorConversion }
}
