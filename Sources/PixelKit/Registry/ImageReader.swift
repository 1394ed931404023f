/// One input, opened once and its header read once, and the session that continues from that
/// header (``CodecRegistry/reader(for:options:)``): look at ``info`` to choose how to decode, then
/// ``decode(options:into:)`` without the input being opened or its header parsed again.
///
/// ```swift
/// let reader = try codecs.reader(for: url)
/// let target = PixelSize(width: reader.info.size.width / 4, height: reader.info.size.height / 4)
/// var collector = RGBAImageCollector()
/// let report = try reader.decode(options: DecodeOptions(minimumSize: target), into: &collector)
/// ```
///
/// A reader decodes once (`decode` consumes it); it holds its input open until then.
///
/// Rows come out in ``DecodeOptions/outputColorSpace`` (sRGB by default): the reader converts
/// from the session's ``ImageDecodingSession/colorSpace`` with its registry's
/// ``CodecRegistry/colorTransforms``, once per row, so every operation decoding through a reader
/// gets the conversion. See <doc:Color>.
public struct ImageReader: ~Copyable {
    /// The facts the header states.
    public var info: ImageInfo { session.info }
    /// The input, opened (errors are named after its file).
    public let source: ImageSource
    /// The color space the file states (``ImageDecodingSession/colorSpace``).
    public var colorSpace: ColorSpace { session.colorSpace }
    private let session: any ImageDecodingSession
    private let colorTransforms: any ColorTransformProvider

    init(_ decoder: some ImageDecoder, source: ImageSource, options: DecodeOptions, colorTransforms: any ColorTransformProvider) throws(ImageError) {
        self.source = source
        self.colorTransforms = colorTransforms
        do throws(ImageError) {
            session = try decoder.open(source, options: options)
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// What decoding the input at full size under `options` will cost, from the header alone,
    /// checked against the allowance its length gives (``ImageDecodingSession/estimateWork(options:)``):
    /// decide before committing to the decode, then decode from this same reader.
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public func estimateWork(options: DecodeOptions = .init()) throws(ImageError) -> DecodeWorkEstimate {
        do throws(ImageError) {
            return try session.estimateWork(options: options)
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// Decodes rows top to bottom into `sink`, continuing from the header: `options` govern the
    /// decode as in ``CodecRegistry/decode(_:options:into:)`` (the header's facts are checked
    /// against their limits again). Rows are converted to `options.outputColorSpace` (unless nil);
    /// a space that cannot be converted (see ``ColorConversionIssue``) leaves them as stored with a
    /// warning in the report, or throws ``ImageError/colorConversion(_:)`` when strict.
    /// - Throws: ``ImageError``, wrapped in ``ImageError/inFile(path:_:)`` for a file.
    public consuming func decode<Sink: RowSink>(options: DecodeOptions = .init(), into sink: inout Sink) throws(ImageError) -> DecodeReport {
        let plan: ColorPlan
        do throws(ImageError) {
            plan = try colorPlan(options)
        } catch {
            throw error.attributed(to: source)
        }
        return try decode(options: options, colorPlan: plan, into: &sink)
    }

    /// ``decode(options:into:)`` with the rows' conversion planned beforehand (``colorPlan(_:)``),
    /// so that a caller can take the conversion out of the plan and leave it to its sink.
    consuming func decode<Sink: RowSink>(options: DecodeOptions, colorPlan plan: ColorPlan, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        do throws(ImageError) {
            guard let transform = plan.transform else {
                var report = try session.decode(options: options, into: &sink)
                if let issue = plan.issue { report.warnings.append(DecodeWarning(format: info.format, message: issue.description)) }
                return report
            }
            var decoding = options
            decoding.deliversStoredCMYK = plan.deliversStoredCMYK
            var converting = ColorConvertingSink(base: sink, transform: transform)
            defer { sink = converting.base }
            return try session.decode(options: decoding, into: &converting)
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// How this decode's rows reach `options.outputColorSpace`: a transform, or why there is none.
    struct ColorPlan {
        var transform: (any ColorTransform)?
        var issue: ColorConversionIssue?
        var deliversStoredCMYK = false
    }

    /// The transform from the session's space, or the issue that prevents one (thrown when strict).
    func colorPlan(_ options: DecodeOptions) throws(ImageError) -> ColorPlan {
        guard let destination = options.outputColorSpace else { return ColorPlan() }
        var cmykSamples = CMYKSamples.inkAmount
        var deliversStoredCMYK = false
        let issue: ColorConversionIssue
        do throws(ColorConversionIssue) {
            let space = session.colorSpace
            if case .unconvertible(let stated) = space { throw stated }
            if case .icc(let profile) = space {
                try Self.check(profile.dataColorSpace, fits: info.colorModel)
                if profile.dataColorSpace == .cmyk {
                    // Only a session that can hand over its stored CMYK gives a CMYK profile samples to convert.
                    guard let cmykSession = session as? any StoredCMYKDelivering else {
                        throw .profileMismatch(profile: .cmyk, colorModel: info.colorModel)
                    }
                    cmykSamples = cmykSession.storedCMYKSamples
                    deliversStoredCMYK = true
                }
            }
            do throws(ColorProfileError) {
                let transform = try colorTransforms.transform(to: destination, from: space, cmykSamples: cmykSamples)
                return ColorPlan(transform: transform, deliversStoredCMYK: transform != nil && deliversStoredCMYK)
            } catch {
                throw .transformUnavailable(error)
            }
        } catch let found {
            issue = found
        }
        if options.strictness == .strict { throw .colorConversion(issue) }
        return ColorPlan(issue: issue)
    }

    /// Throws ``ColorConversionIssue/profileMismatch(profile:colorModel:)`` unless a profile of
    /// `space` describes samples of `model`: gray profiles gray images, CMYK profiles CMYK/YCCK
    /// JPEGs, RGB profiles every other image (a gray image's rows are R = G = B).
    private static func check(_ space: ColorProfile.DataColorSpace, fits model: ImageInfo.ColorModel) throws(ColorConversionIssue) {
        let isGray = model == .gray || model == .grayAlpha
        let isCMYK = model == .cmyk || model == .ycck
        let fits = switch space {
        case .gray: isGray
        case .cmyk: isCMYK
        case .rgb: !isCMYK
        }
        if !fits { throw .profileMismatch(profile: space, colorModel: model) }
    }
}
