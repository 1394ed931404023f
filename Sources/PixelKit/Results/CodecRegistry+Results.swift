extension CodecRegistry {
    /// Several results of one image from one decode: the input is opened once, its header read
    /// once, and one decode at the largest size any request needs feeds them all, with one
    /// verdict (under `decoding.strictness`) for all.
    ///
    /// ```swift
    /// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// let (average, blurHash, palette, thumbnail) = try codecs.results(
    ///     of: "photo.jpg", decoding: DecodeOptions(strictness: .strict),
    ///     AverageOptions(), BlurHashFileOptions(), PaletteOptions(), ThumbnailOptions(maxPixelSize: 256))
    /// ```
    ///
    /// Each request's own `decoding` options are not used: `decoding` governs the one decode (its
    /// `minimumSize` is set from the requests). Every result is computed from that decode's rows
    /// and reports its size (`decodedSize`). A result whose own decode would be smaller (a fast
    /// average or palette, a BlurHash with a working size, a thumbnail beside a larger one) is
    /// computed from the larger decode, and can differ slightly from the single operation's; a
    /// result whose decode is the shared one is exactly the single operation's (see
    /// <doc:Operations#Several-results-from-one-decode>).
    /// - Parameters:
    ///   - source: The encoded image: an ``ImageSource``, a file `URL`, `Data`, `[UInt8]` or a path `String`.
    ///   - decoding: Strictness, limits and deadline of the one decode.
    ///   - requests: The results to compute (``ImageResultRequest``); an optional request that is
    ///     `nil` computes nothing and returns `nil`.
    /// - Returns: The results in the order of the requests (a single request's result alone).
    /// - Throws: ``ImageError`` (a request's ``ImageError/invalidOptions(_:)`` before the input is
    ///   read; ``ImageError/cancelled`` when the current task is cancelled), wrapped in
    ///   ``ImageError/inFile(path:_:)`` for a file; ``ImageError/notAFileURL(url:)`` for a URL
    ///   that is not a file's.
    public func results<each Request: ImageResultRequest>(
        of source: some ImageSourceConvertible, decoding: DecodeOptions = .init(), _ requests: repeat each Request
    ) throws(ImageError) -> (repeat (each Request).Output) {
        try computeResults(of: source.imageSource, decoding: decoding, repeat each requests)
    }

    /// The synchronous `results(of:decoding:_:)`, decoded off the calling actor (on the global
    /// concurrent executor), so awaiting it on the main actor never blocks it.
    /// - Throws: as the synchronous `results(of:decoding:_:)`; ``ImageError/cancelled`` when the
    ///   task is cancelled (the decode stops within one batch of rows).
    @concurrent
    public func results<each Request: ImageResultRequest>(
        of source: some ImageSourceConvertible, decoding: DecodeOptions = .init(), _ requests: repeat each Request
    ) async throws(ImageError) -> (repeat (each Request).Output) {
        try computeResults(of: source.imageSource, decoding: decoding, repeat each requests)
    }

    /// The synchronous work behind every result operation (a name of its own, so that the async
    /// overloads cannot call themselves).
    func computeResults<each Request: ImageResultRequest>(
        of source: ImageSource, decoding: DecodeOptions, _ requests: repeat each Request
    ) throws(ImageError) -> (repeat (each Request).Output) {
        for request in repeat each requests { try request.validate() }
        if Task.isCancelled { throw .cancelled }
        var options = decoding
        options.minimumSize = nil
        // Opened once and the header read once: the decode below continues from it.
        let reader = try reader(for: source, options: options)
        do throws(ImageError) {
            let info = reader.info
            var needed: PixelSize? = PixelSize(width: 1, height: 1)
            for request in repeat each requests {
                needed = Self.larger(needed, request.minimumDecodeSize(for: info))
            }
            options.minimumSize = needed
            // An RGB profile only: results are RGB (a CMYK source's stored rows are its naive RGB).
            var storedProfile: ColorProfile?
            if options.outputColorSpace == nil, case .icc(let profile) = reader.colorSpace, profile.dataColorSpace == .rgb {
                storedProfile = profile
            }
            var plan = try reader.colorPlan(options)
            // A matrix/TRC conversion is left to the requests that fold it (a result is the same
            // alone or beside others); the fan-out converts the rows once for the rest.
            let foldable = plan.transform as? MatrixShaperTransform
            var someRowsConverted = false
            for request in repeat each requests {
                if (request as? any ColorConversionFolding)?.foldsColorConversion != true { someRowsConverted = true }
            }
            func folds(_ request: some ImageResultRequest) -> Bool {
                guard foldable != nil, let folding = request as? any ColorConversionFolding else { return false }
                return folding.foldsColorConversion && (!someRowsConverted || folding.foldsBesideConvertedRows)
            }
            func decode(for request: some ImageResultRequest) -> SharedDecode {
                SharedDecode(codecs: self, storedProfile: storedProfile, foldedColorConversion: folds(request) ? foldable : nil)
            }
            let sinks = (repeat ResultSinkBox(try (each requests).makeSink(for: info, in: decode(for: each requests))))
            var folding: [Bool] = []
            for request in repeat each requests { folding.append(folds(request)) }
            var foldingSinks: [any FedByRows] = [], otherSinks: [any FedByRows] = []
            for (sink, takesSourceColors) in zip(Self.boxes(repeat each sinks), folding) {
                if takesSourceColors { foldingSinks.append(sink) } else { otherSinks.append(sink) }
            }
            let report: DecodeReport
            if let foldable, !foldingSinks.isEmpty {
                plan.transform = nil
                var fanOut = ColorSplittingFanOut(
                    folding: ResultFanOut(sinks: foldingSinks),
                    converting: ColorConvertingSink(base: ResultFanOut(sinks: otherSinks), transform: foldable))
                report = try reader.decode(options: options, colorPlan: plan, into: &fanOut)
            } else {
                var fanOut = ResultFanOut(sinks: otherSinks)
                report = try reader.decode(options: options, colorPlan: plan, into: &fanOut)
            }
            if Task.isCancelled { throw ImageError.cancelled }
            return (repeat try (each sinks).finish(report: report))
        } catch {
            throw error.attributed(to: source)
        }
    }

    /// The boxed sinks in the requests' order.
    private static func boxes<each Output>(_ sinks: repeat ResultSinkBox<each Output>) -> [any FedByRows] {
        var boxes: [any FedByRows] = []
        for sink in repeat each sinks { boxes.append(sink) }
        return boxes
    }

    /// The decoded size that serves both needs (`nil`: full resolution).
    private static func larger(_ a: PixelSize?, _ b: PixelSize?) -> PixelSize? {
        guard let a, let b else { return nil }
        return PixelSize(width: max(a.width, b.width), height: max(a.height, b.height))
    }
}
