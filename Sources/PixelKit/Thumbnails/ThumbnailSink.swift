/// The rows of a decode resampled to a thumbnail: the sink behind every thumbnail request. Given an
/// encoder, rows that are not turned are encoded as they are resampled (on a second core, while the
/// decoder decodes), so the thumbnail's image is never held.
struct ThumbnailSink: RowSink {
    /// The thumbnail's size before turning.
    let target: PixelSize
    let orientationApplied: Bool
    /// The encoder and its options, for a thumbnail to encode.
    private let encoding: (encoder: any ImageEncoder, options: EncodeOptions)?
    private var streams = false
    /// Resampling on a second core (``OverlappedResampling``), or on the decoding thread.
    private var overlapped: OverlappedResampling?
    private var direct: Resampler?

    /// - Parameters:
    ///   - encoder: The encoder of `options.format`, for a thumbnail to encode; `nil` for its pixels.
    ///   - storedProfile: The source's profile, embedded in the file when the rows keep its colors.
    ///   - colorConversion: The conversion the rows still need, done while resampling (linear light only).
    ///   - overlapping: Resample, and encode, on a second core too (pointless when every core
    ///     already runs an image of a batch).
    init(options: ThumbnailOptions, info: ImageInfo, encoder: (any ImageEncoder)?, storedProfile: ColorProfile?,
         colorConversion: MatrixShaperTransform?, overlapping: Bool) throws(ImageError) {
        target = ThumbnailSizing.size(fitting: info.size, maxPixelSize: options.maxPixelSize)
        let orientation = options.appliesOrientation ? info.orientation : .up
        orientationApplied = orientation != .up
        let resampler = Resampler(
            outputSize: target, filter: options.filter, space: options.space,
            premultipliesAlpha: info.hasAlpha, orientation: orientation, colorConversion: colorConversion.map(FoldedColorConversion.init))
        if let encoder {
            // Pixels left as stored keep the source's orientation tag, so viewers still turn them
            // upright, and pixels left in the source's colors keep its profile.
            var encodeOptions = options.encodeOptions(forSource: info.format)
            encodeOptions.orientation = orientationApplied ? .up : info.orientation
            encodeOptions.colorProfile = storedProfile
            encoding = (encoder, encodeOptions)
        } else {
            encoding = nil
        }
        guard overlapping else {
            direct = resampler
            return
        }
        // Turned rows are only final once the last input row is in, so only unturned ones stream,
        // and only where a second core resamples (and so encodes) while the decoder decodes.
        var rowEncoder: (any ImageRowEncoder)?
        if let encoding, !orientationApplied {
            rowEncoder = try encoding.encoder.rowEncoder(for: target, options: encoding.options)
        }
        streams = rowEncoder != nil
        overlapped = OverlappedResampling(resampler, encodingRowsWith: rowEncoder)
    }

    mutating func begin(size: PixelSize) {
        overlapped?.begin(size: size)
        direct?.begin(size: size)
    }

    mutating func consume(_ row: PixelRow) {
        overlapped?.consume(row)
        direct?.consume(row)
    }

    /// The resampled image.
    mutating func makeImage() -> RGBAImage {
        overlapped?.makeImage() ?? direct!.makeImage()
    }

    /// The thumbnail's file and size, encoded as the rows came or now.
    mutating func encode() throws(ImageError) -> (data: [UInt8], size: PixelSize, quality: Double, format: ImageFormat, fileExtension: String) {
        guard let encoding else { preconditionFailure("no encoder was given") }
        let data: [UInt8]
        let size: PixelSize
        if streams, overlapped != nil {
            data = try overlapped!.finishEncoding()
            size = target
        } else {
            let image = makeImage()
            data = try encoding.encoder.encode(image, options: encoding.options)
            size = image.size
        }
        return (data, size, encoding.options.quality, encoding.encoder.format, encoding.encoder.fileExtension)
    }
}
