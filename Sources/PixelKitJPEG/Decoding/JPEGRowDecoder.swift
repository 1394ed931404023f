import PixelKit

/// The decode loop, from a header libjpeg read: limits, scale, then batches of RGBA8 rows into one reused buffer, each
/// row lent to the sink. Rows come from libjpeg, or, for the progressive 1/8 shortcut, from the DC
/// scan decoder (libjpeg's buffered-image mode stays as its fallback).
enum JPEGRowDecoder {
    /// Most rows read per `jpeg_read_scanlines` batch, and the most bytes such a batch may take.
    static let maxBatchRows = 16
    static let maxBatchBytes = 256 << 10
    /// Entropy-coded data below which libjpeg decodes: the split decoder is faster than libjpeg at
    /// 1/4 and 1/8 from about here on. The choice never depends on the thread count, so neither do
    /// the pixels.
    static let defaultMinimumEntropyBytes = 256 << 10
    /// The scales (eighths) at which large baseline files take the split decoder. It decodes 1/2 too,
    /// but there it costs more CPU than libjpeg-turbo's SIMD path (a 12 MP → 2000 px thumbnail on one
    /// core: 93.8 against 80.5 ms), and its two threads beside the resampling one gain nothing on two
    /// cores (Docs/Performance.md, 2026-11-26), so 1/2 stays with libjpeg. The choice never depends on
    /// the thread count.
    static let defaultSplitScales: Set<Int> = [1, 2]
    /// Entropy-coded data below which a second thread does not pay for its start and hand-over
    /// (measured: slower at 0.35 and 0.86 MB in median, 1.6× faster at 4.7 MB).
    static let defaultMinimumSplitBytes = 1 << 20

    /// Which decoder serves the progressive 1/8 shortcut.
    enum ShortcutEngine {
        /// `JPEGProgressiveDCDecoder`, falling back to libjpeg for files it leaves to libjpeg.
        case dcScanDecoder
        /// libjpeg's buffered-image mode (whole-image coefficient arrays), kept for comparison.
        case libjpegBufferedImage
    }

    static func decode<Sink: RowSink>(
        with decompressor: inout JPEGDecompressor, header: JPEGHeader, input: JPEGDecompressor.Input, options: DecodeOptions, budget: JPEGBudget,
        shortcutEngine: ShortcutEngine = .dcScanDecoder, minimumEntropyBytes: Int = defaultMinimumEntropyBytes,
        minimumSplitBytes: Int = defaultMinimumSplitBytes, splitScales: Set<Int> = defaultSplitScales,
        into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let info = try JPEGCodec.info(from: header, limits: options.limits)
        let scale = JPEGScale.smallest(for: header.size, atLeast: options.minimumSize)
        // One verdict (Docs/Security.md): under `.strict` a reduced decode must fail exactly when the
        // full-size one does. The DC-scan shortcut and the split decoder read only the DC scans or the
        // first scan, so strict decodes go to libjpeg at the same scale, which entropy-decodes every
        // scan and reads on to EOI as the full-size decode does: the same verdict by construction.
        let strict = options.strictness == .strict
        let shortcut = !strict && options.allowsProgressiveShortcut && header.isProgressive && scale == .oneEighth

        let expected = scale.outputSize(for: header.size)
        let rowBytes = expected.width * 4
        let batchRows = max(1, min(maxBatchRows, maxBatchBytes / rowBytes))

        if shortcut && shortcutEngine == .dcScanDecoder {
            let batchBytes = rowBytes * batchRows
            guard batchBytes <= options.limits.maxMemoryBytes else {
                throw .limitExceeded(.memory(bytes: batchBytes, limit: options.limits.maxMemoryBytes))
            }
            do {
                if var dcDecoder = try JPEGProgressiveDCDecoder(
                    input, colorModel: header.colorModel, strict: strict,
                    maxMemoryBytes: options.limits.maxMemoryBytes - batchBytes, budget: budget, header: decompressor.headerHandle)
                {
                    var report = try deliver(
                        from: &dcDecoder, info: info, headerWarnings: decompressor.warnings, batchRows: batchRows, budget: budget, into: &sink)
                    report.warnings += JPEGTailCheck.warnings(input, afterWarnings: report.warnings)
                    return report
                }
            } catch .limitExceeded(.memory(let bytes, let limit)) {
                throw .limitExceeded(.memory(bytes: bytes + batchBytes, limit: limit + batchBytes))
            }
        }

        if !strict, !header.isProgressive, splitScales.contains(scale.eighths), rowBytes * batchRows <= options.limits.maxMemoryBytes {
            let batchBytes = rowBytes * batchRows
            do {
                if var splitDecoder = try JPEGSplitDecoder(
                    input, scale: scale, colorModel: header.colorModel, strict: strict,
                    threads: options.maxThreads, minimumEntropyBytes: minimumEntropyBytes, minimumSplitBytes: minimumSplitBytes,
                    maxMemoryBytes: options.limits.maxMemoryBytes - batchBytes, budget: budget, header: decompressor.headerHandle)
                {
                    var report = try deliver(
                        from: &splitDecoder, info: info, headerWarnings: decompressor.warnings, batchRows: batchRows, budget: budget, into: &sink)
                    report.warnings += JPEGTailCheck.warnings(input, afterWarnings: report.warnings)
                    return report
                }
            } catch .limitExceeded(.memory(let bytes, let limit)) {
                throw .limitExceeded(.memory(bytes: bytes + batchBytes, limit: limit + batchBytes))
            }
        }

        let memory = header.coefficientBytes + rowBytes * batchRows
        guard memory <= options.limits.maxMemoryBytes else {
            throw .limitExceeded(.memory(bytes: memory, limit: options.limits.maxMemoryBytes))
        }
        // A progressive file's coefficients for the whole image, against what its length allows
        // (the fast paths above need only rows); its scans' work is charged as each starts (JPEGBudget).
        try options.limits.check(DecodeWorkEstimate(workPixels: 0, memoryBytes: header.coefficientBytes))
        decompressor.expectedMemoryBytes = memory
        // libjpeg's coefficient buffers (a progressive file's whole image) come from the shared budget.
        let reservation = try options.limits.reserveMemory(memory)
        defer { reservation.release() }

        if options.deliversStoredCMYK { try decompressor.deliverStoredCMYK() }
        let size = try decompressor.start(scaleEighths: scale.eighths, progressiveShortcut: shortcut)
        sink.begin(size: size)
        let stoppedEarly = try deliverRows(size: size, batchRows: batchRows, budget: budget, readsToEnd: strict, into: &sink) { (rows, stride, maxRows) throws(ImageError) in
            try decompressor.readRows(into: rows, stride: stride, maxRows: maxRows)
        }
        if !stoppedEarly { try decompressor.finish() }
        return DecodeReport(info: info, outputSize: size, warnings: decompressor.warnings)
    }

    /// Hands every row of one of the shim's own decoders to `sink`; the report lists the header's
    /// warnings, then the decoder's.
    private static func deliver<Sink: RowSink, Decoder: ShimRowDecoder & ~Copyable>(
        from decoder: inout Decoder, info: ImageInfo, headerWarnings: [DecodeWarning], batchRows: Int, budget: JPEGBudget,
        into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let size = decoder.outputSize
        sink.begin(size: size)
        _ = try deliverRows(size: size, batchRows: batchRows, budget: budget, readsToEnd: false, into: &sink) { (rows, stride, maxRows) throws(ImageError) in
            try decoder.readRows(into: rows, stride: stride, maxRows: maxRows)
        }
        var warnings = headerWarnings
        for warning in decoder.warnings where !warnings.contains(warning) { warnings.append(warning) }
        return DecodeReport(info: info, outputSize: size, warnings: warnings)
    }

    /// Reads batches of up to `batchRows` rows of `size.width` RGBA8 pixels through `readRows` into one
    /// reused buffer and lends each row to `sink`. Returns whether it stopped once the sink was
    /// satisfied, before the last row; with `readsToEnd` (strict decoding, whose verdict must not
    /// depend on the sink) it reads on to the last row instead, lending no more rows. The budget is
    /// checked before each batch as well as inside the decoders (the sink's own time counts against
    /// the deadline too; a cancelled task's sink is satisfied, and a strict decode then stops here).
    /// - Throws: `.malformed` when the reader ends before `size.height` rows; the budget's errors.
    private static func deliverRows<Sink: RowSink>(
        size: PixelSize, batchRows: Int, budget: JPEGBudget, readsToEnd: Bool, into sink: inout Sink,
        _ readRows: (UnsafeMutableBufferPointer<UInt8>, _ stride: Int, _ maxRows: Int) throws(ImageError) -> Int
    ) throws(ImageError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: size.width * 4 * batchRows)
        let stride = size.width * 4
        var y = 0
        var satisfied = false
        let stoppedEarly = try buffer.withUnsafeMutableBufferPointer { (rows) throws(ImageError) -> Bool in
            while y < size.height {
                try budget.checkInterruption()
                let count = try readRows(rows, stride, batchRows)
                if count == 0 { break }
                if satisfied {
                    y += count
                    continue
                }
                for index in 0..<count {
                    let start = index * stride
                    sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(rebasing: rows[start ..< start + stride])))
                    y += 1
                    if sink.isSatisfied {
                        guard readsToEnd else { return true }
                        satisfied = true
                        y += count - index - 1
                        break
                    }
                }
            }
            return false
        }
        guard stoppedEarly || y == size.height else {
            throw .malformed(format: .jpeg, message: "the decoder delivered \(y) of \(size.height) rows")
        }
        return stoppedEarly
    }
}
