import CJPEGShim
import PixelKit


/// One libjpeg decompression, owned: a thin typed wrapper over the `cjs_*` functions of the C shim,
/// which turn libjpeg's `longjmp` error handling into status codes. Failures become `ImageError`s
/// carrying libjpeg's own message. The C state is freed when the value goes away.
struct JPEGDecompressor: ~Copyable {
    private let handle: OpaquePointer
    /// The input the C decoder reads, kept so that a file's descriptor stays open as long as it does
    /// (memory is only valid while its borrow lasts: see `continueDecoding`).
    private(set) var input: Input
    /// What to call the input in error messages.
    private let sourceName: String
    private var maxMemoryBytes: Int
    /// Scans, markers and interruption, enforced inside libjpeg's loops; alive as long as `handle`.
    private var budget: JPEGBudget
    /// The caller's estimate of what libjpeg will allocate, reported if libjpeg runs out of its allowance.
    var expectedMemoryBytes = 0

    /// Where the compressed bytes come from.
    enum Input {
        /// Borrowed memory, which must stay valid while the decompressor lives (`jpeg_mem_src`).
        case memory(UnsafeBufferPointer<UInt8>)
        /// A file opened once (`ImageFile`), read as decoding proceeds with `pread` at each reader's
        /// own offset: libjpeg, the DC-scan and split decoders and the tail check share its descriptor,
        /// which stays open (borrowed) while they run.
        case file(ImageFile)
    }

    /// Wraps `cjs_create`, `cjs_set_budget` and `cjs_set_source_memory` / `cjs_set_source_descriptor`
    /// (a `pread` source manager over the borrowed descriptor): a
    /// libjpeg decompressor limited to `maxMemoryBytes` (`max_memory_to_use`) and to `budget`, failing
    /// on any warning when `strict`.
    init(_ input: Input, maxMemoryBytes: Int, strict: Bool, budget: JPEGBudget) throws(ImageError) {
        // cjs_create fails only when malloc does, where Swift's own allocations trap as well.
        guard let handle = cjs_create(Int64(maxMemoryBytes), strict ? 1 : 0) else {
            fatalError("out of memory: cannot allocate a libjpeg decompressor")
        }
        var limits = budget.cBudget
        _ = cjs_set_budget(handle, &limits)
        let status: Int32
        let name: String
        switch input {
        case .memory(let bytes):
            name = "<\(bytes.count) bytes>"
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                cjs_destroy(handle)
                throw .emptyInput
            }
            status = cjs_set_source_memory(handle, base, bytes.count)
        case .file(let file):
            name = file.path
            status = cjs_set_source_descriptor(handle, file.descriptor)
        }
        if status != 0 {
            let error = Self.error(of: handle, sourceName: name, maxMemoryBytes: maxMemoryBytes, expectedMemoryBytes: 0, budget: budget)
            cjs_destroy(handle)
            throw error
        }
        self.handle = handle
        self.input = input
        self.sourceName = name
        self.maxMemoryBytes = maxMemoryBytes
        self.budget = budget
    }

    /// Wraps `cjs_destroy` (`jpeg_destroy_decompress`, `free`; the borrowed descriptor stays open).
    deinit { cjs_destroy(handle) }

    /// Wraps `cjs_rebase_source_memory`, `cjs_set_strict`, `cjs_set_budget` and `cjs_set_max_memory`:
    /// readies a decompressor whose header was read (`readHeader`) for a decode under other options,
    /// without reading the header again. Memory is read from `input`, the decode's own borrow of the
    /// same bytes (the header's borrow has ended; libjpeg keeps its position in them). What the header
    /// read counts as if read under the new settings: turning `strict` on after a header that warned
    /// fails with that warning, and marker segments already past `budget`'s limit fail as that limit.
    /// - Throws: those failures, as `readHeader` would have thrown them.
    mutating func continueDecoding(in input: Input, strict: Bool, budget: JPEGBudget, maxMemoryBytes: Int) throws(ImageError) {
        switch (self.input, input) {
        case (.memory, .memory(let bytes)):
            guard let base = bytes.baseAddress, cjs_rebase_source_memory(handle, base, bytes.count) == 0 else {
                preconditionFailure("a JPEG header continued on other bytes than it was read from")
            }
            self.input = input
        case (.file(let read), .file(let decoded)):
            precondition(read === decoded, "a JPEG header continued on another file than it was read from")
        default:
            preconditionFailure("a JPEG header continued on another input than it was read from")
        }
        self.budget = budget
        self.maxMemoryBytes = maxMemoryBytes
        try check(cjs_set_strict(handle, strict ? 1 : 0))
        var limits = budget.cBudget
        try check(cjs_set_budget(handle, &limits))
        try check(cjs_set_max_memory(handle, Int64(maxMemoryBytes)))
    }

    /// Wraps `cjs_set_icc_limit` (`limits.maxColorProfileBytes`), `cjs_read_header` (`jpeg_read_header`),
    /// `cjs_copy_exif`, `cjs_copy_mpf` and `cjs_icc_segment_at`. A frame larger than libjpeg's
    /// 65500-pixel maximum is checked against `limits` first, so that it fails as the limit it breaks.
    mutating func readHeader(limits: DecodingLimits) throws(ImageError) -> JPEGHeader {
        var header = cjs_header()
        try check(cjs_set_icc_limit(handle, Int64(limits.maxColorProfileBytes)))
        if cjs_read_header(handle, &header) != 0 {
            if cjs_error_kind(handle) == Int32(CJS_ERROR_DIMENSION.rawValue) {
                let size = PixelSize(width: Int(header.width), height: Int(header.height))
                try limits.check(size)
                throw .limitExceeded(.dimension(
                    width: size.width, height: size.height, limit: Int(cjs_error_parameter(handle))))
            }
            throw currentError()
        }
        var exif: [UInt8] = []
        if header.exif_length > 0 {
            exif = [UInt8](repeating: 0, count: Int(header.exif_length))
            let copied = exif.withUnsafeMutableBufferPointer { cjs_copy_exif(handle, $0.baseAddress, header.exif_length) }
            exif.removeLast(exif.count - Int(copied))
        }
        var mpf: [UInt8] = []
        if header.mpf_length > 0 {
            mpf = [UInt8](repeating: 0, count: Int(header.mpf_length))
            let copied = mpf.withUnsafeMutableBufferPointer { cjs_copy_mpf(handle, $0.baseAddress, header.mpf_length) }
            mpf.removeLast(mpf.count - Int(copied))
        }
        var pieces: [JPEGICCProfile.Piece] = []
        let data = cjs_icc_data(handle)
        for index in 0..<header.icc_segment_count {
            var segment = cjs_icc_segment()
            guard cjs_icc_segment_at(handle, index, &segment) == 0, let data else { break }
            let bytes = UnsafeBufferPointer(start: data + Int(segment.offset), count: Int(segment.length))
            pieces.append(JPEGICCProfile.Piece(sequence: Int(segment.sequence), count: Int(segment.count), bytes: Array(bytes)))
        }
        let profile = JPEGICCProfile(pieces: pieces, bytesSeen: Int(header.icc_bytes_seen))
        return JPEGHeader(header, exif: exif, mpf: mpf, colorSpace: profile.colorSpace(limits: limits))
    }

    /// Wraps `cjs_set_raw_cmyk`: a CMYK/YCCK image's rows will hold its stored (inverted) C, M, Y, K
    /// bytes rather than the naive RGB. Call before `start`.
    mutating func deliverStoredCMYK() throws(ImageError) {
        try check(cjs_set_raw_cmyk(handle, 1))
    }

    /// The C decompressor, for `cjdc_set_header` / `cjsp_set_header` (the DC-scan and split decoders
    /// start from the header it read): valid while this value lives, which the caller keeps.
    var headerHandle: OpaquePointer { handle }

    /// Wraps `cjs_start` (`jpeg_start_decompress`, and in buffered-image mode `jpeg_consume_input` +
    /// `jpeg_start_output`): begins output at `scaleEighths`/8 of the stored size. Returns the size of
    /// the rows that follow.
    mutating func start(scaleEighths: Int, progressiveShortcut: Bool) throws(ImageError) -> PixelSize {
        var output = cjs_output()
        try check(cjs_start(handle, Int32(scaleEighths), progressiveShortcut ? 1 : 0, &output))
        return PixelSize(width: Int(output.width), height: Int(output.height))
    }

    /// Wraps `cjs_read_rows` (`jpeg_read_scanlines`): up to `maxRows` RGBA8 rows into `buffer`, `stride`
    /// bytes apart. Returns the number of rows written; 0 means the image is complete.
    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, stride: Int, maxRows: Int) throws(ImageError) -> Int {
        precondition(buffer.count >= stride * maxRows, "row buffer too small")
        let rows = cjs_read_rows(handle, buffer.baseAddress, stride, Int32(maxRows))
        guard rows >= 0 else { throw currentError() }
        return Int(rows)
    }

    /// Wraps `cjs_finish` (`jpeg_finish_decompress`): reads to the end so trailing damage is reported.
    mutating func finish() throws(ImageError) {
        try check(cjs_finish(handle))
    }

    /// The warnings libjpeg emitted so far (`cjs_kept_warning_count`, `cjs_warning_message`), distinct
    /// messages first, then a count of the repeats left out.
    var warnings: [DecodeWarning] {
        let kept = Int(cjs_kept_warning_count(handle))
        var result = (0..<kept).map { index in
            DecodeWarning(format: .jpeg, message: String(cString: cjs_warning_message(handle, Int32(index))))
        }
        let omitted = Int(cjs_warning_count(handle)) - kept
        if omitted > 0 {
            result.append(DecodeWarning(format: .jpeg, message: "\(omitted) more warnings like the above"))
        }
        return result
    }

    private func check(_ status: Int32) throws(ImageError) {
        if status != 0 { throw currentError() }
    }

    /// The failure recorded by the shim (`cjs_error_kind`, `cjs_error_message`, `cjs_error_parameter`).
    private func currentError() -> ImageError {
        Self.error(of: handle, sourceName: sourceName, maxMemoryBytes: maxMemoryBytes, expectedMemoryBytes: expectedMemoryBytes, budget: budget)
    }

    private static func error(
        of handle: OpaquePointer, sourceName: String, maxMemoryBytes: Int, expectedMemoryBytes: Int, budget: JPEGBudget
    ) -> ImageError {
        let message = String(cString: cjs_error_message(handle))
        let parameter = cjs_error_parameter(handle)
        switch UInt32(bitPattern: cjs_error_kind(handle)) {
        case CJS_ERROR_TRUNCATED.rawValue:
            return .truncated(format: .jpeg, message: message)
        case CJS_ERROR_PRECISION.rawValue:
            return .unsupported(format: .jpeg, feature: "\(parameter)-bit samples")
        case CJS_ERROR_UNSUPPORTED.rawValue:
            return .unsupported(format: .jpeg, feature: message)
        case CJS_ERROR_MEMORY.rawValue:
            // libjpeg does not say how much it wanted: at least the estimate, and more than the limit.
            let needed = expectedMemoryBytes > maxMemoryBytes ? expectedMemoryBytes : (maxMemoryBytes == .max ? .max : maxMemoryBytes + 1)
            return .limitExceeded(.memory(bytes: needed, limit: maxMemoryBytes))
        case CJS_ERROR_IO.rawValue:
            return .file(FileError(path: sourceName, operation: .read, errno: parameter))
        case CJS_ERROR_EMPTY.rawValue:
            return .emptyInput
        case CJS_ERROR_SCAN_LIMIT.rawValue:
            return budget.scanLimitError(scan: parameter)
        case CJS_ERROR_WORK_LIMIT.rawValue:
            return budget.workLimitError(pixels: parameter)
        case CJS_ERROR_MARKER_LIMIT.rawValue:
            return budget.markerLimitError(marker: parameter)
        case CJS_ERROR_INTERRUPTED.rawValue:
            return budget.interruptionError(reason: parameter)
        default:
            return .malformed(format: .jpeg, message: message)
        }
    }
}

/// The facts `jpeg_read_header` reported, in Swift types.
struct JPEGHeader {
    var size: PixelSize
    var colorModel: ImageInfo.ColorModel
    var bitDepth: Int
    var isProgressive: Bool
    /// Bytes of libjpeg's whole-image coefficient buffers for a full decode (0 for single-pass images).
    var coefficientBytes: Int
    /// The TIFF payload of the APP1 `Exif` segment, empty when there is none.
    var exif: [UInt8]
    /// An MPO's `NumberOfImages` (`MPOIndex`, from the APP2 `MPF` segment), 1 without an MP Index.
    var imageCount: Int
    /// The space of the APP2 `ICC_PROFILE` profile, nil without one (untagged).
    var colorSpace: ColorSpace?
    /// Whether an Adobe APP14 marker was seen: CMYK/YCCK samples are stored inverted.
    var hasAdobeMarker: Bool

    init(_ header: cjs_header, exif: [UInt8], mpf: [UInt8], colorSpace: ColorSpace?) {
        self.colorSpace = colorSpace
        hasAdobeMarker = header.adobe_marker != 0
        size = PixelSize(width: Int(header.width), height: Int(header.height))
        colorModel = switch UInt32(bitPattern: header.color_space) {
        case CJS_COLOR_GRAY.rawValue: .gray
        case CJS_COLOR_RGB.rawValue: .rgb
        case CJS_COLOR_CMYK.rawValue: .cmyk
        case CJS_COLOR_YCCK.rawValue: .ycck
        default: .ycbcr
        }
        bitDepth = Int(header.precision)
        isProgressive = header.progressive != 0
        coefficientBytes = Int(header.coefficient_bytes)
        self.exif = exif
        imageCount = MPOIndex.numberOfImages(mpf) ?? 1
    }
}
