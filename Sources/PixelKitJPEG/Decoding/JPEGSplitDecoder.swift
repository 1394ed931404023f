import CJPEGShim
import PixelKit

/// A large baseline JPEG at 1/2, 1/4 or 1/8 scale, on two cores when allowed: a thin typed wrapper over
/// the `cjsp_*` functions of the C shim. A second thread entropy-decodes the scan from its middle while the
/// caller's thread decodes from the start; the first thread recognises the first MCU the two share
/// and takes the rest from the second thread's blocks, corrected by the DC offsets it then knows
/// (see `cjpegsplit.h`). The rows are the same whether or not the halves meet, bit for bit. Each
/// block's samples are exact box averages of its full-size IDCT: within a fraction of a level of
/// libjpeg's rows for 4:2:0, 4:4:4 and gray, and closer than libjpeg's to the full-size image's box
/// averages for 4:2:2 and 4:4:0, whose chroma libjpeg upsamples from half resolution. The C state,
/// and the second thread, end with the value.
struct JPEGSplitDecoder: ShimRowDecoder, ~Copyable {
    private let handle: OpaquePointer
    /// The input the C decoder reads, kept so that a file's descriptor stays open as long as it does.
    private let input: JPEGDecompressor.Input
    private let sourceName: String
    /// Scans, markers and interruption, enforced in the C loops; alive as long as `handle`.
    private let budget: JPEGBudget
    /// Size of the rows `readRows` delivers: the stored size × eighths/8, rounded up.
    let outputSize: PixelSize
    /// Whether a second thread is decoding the second half.
    let isSplit: Bool

    /// Where the second thread starts, as a fraction of the entropy-coded data. The first thread
    /// also renders its rows and hands them to the sink while the second only decodes, so an even
    /// split leaves the second thread done first; it then waits, which costs little.
    static let splitFraction = 0.5

    /// Wraps `cjsp_create`, `cjsp_set_budget` (markers, interruption), the source setup, `cjsp_set_header` and `cjsp_start`: parses the markers up to the scan
    /// (or, with `header`, starts from libjpeg's parsed header as `JPEGProgressiveDCDecoder` does) and
    /// starts the second thread when `threads` ≥ 2 and the scan has at least `minimumSplitBytes` of
    /// entropy-coded data. `nil` when the file is libjpeg's (less than
    /// `minimumEntropyBytes` of entropy-coded data, progressive, arithmetic, 12-bit,
    /// not gray or YCbCr, unusual sampling, a scale other than 1/2, 1/4 or 1/8); nothing was delivered then.
    /// - Throws: `ImageError`: `.file`, or `.limitExceeded(.memory)` when even the row
    ///   buffers would exceed `maxMemoryBytes` (the second half's blocks are only kept when they fit).
    init?(
        _ input: JPEGDecompressor.Input, scale: JPEGScale, colorModel: ImageInfo.ColorModel, strict: Bool,
        threads: Int, minimumEntropyBytes: Int, minimumSplitBytes: Int, maxMemoryBytes: Int, budget: JPEGBudget,
        header: OpaquePointer? = nil
    ) throws(ImageError) {
        guard [1, 2, 4].contains(scale.eighths) else { return nil }
        let color: Int32
        switch colorModel {
        case .gray: color = Int32(CJS_COLOR_GRAY.rawValue)
        case .ycbcr: color = Int32(CJS_COLOR_YCBCR.rawValue)
        default: return nil
        }
        // cjsp_create fails only when malloc does, where Swift's own allocations trap as well.
        guard let handle = cjsp_create(strict ? 1 : 0) else {
            fatalError("out of memory: cannot allocate a split JPEG decoder")
        }
        var cBudget = budget.cBudget
        cjsp_set_budget(handle, &cBudget)
        let name: String
        var status: Int32 = 0
        switch input {
        case .memory(let bytes):
            name = "<\(bytes.count) bytes>"
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                cjsp_destroy(handle)
                throw .emptyInput
            }
            cjsp_set_source_memory(handle, base, bytes.count)
        case .file(let file):
            name = file.path
            status = cjsp_set_source_descriptor(handle, file.descriptor, Int64(file.size))
        }
        cjsp_set_header(handle, header)
        var output = cjsp_output()
        if status == 0 {
            status = cjsp_start(
                handle, Int32(scale.eighths), color, Int32(clamping: threads), Int64(minimumEntropyBytes), Int64(minimumSplitBytes),
                Self.splitFraction, Int64(maxMemoryBytes), &output)
        }
        if status == Int32(CJDIAG_FALLBACK.rawValue) {
            cjsp_destroy(handle)
            return nil
        }
        if status != Int32(CJDIAG_OK.rawValue) {
            let error = Self.error(of: handle, sourceName: name, maxMemoryBytes: maxMemoryBytes, budget: budget)
            cjsp_destroy(handle)
            throw error
        }
        self.handle = handle
        self.input = input
        self.sourceName = name
        self.budget = budget
        self.outputSize = PixelSize(width: Int(output.width), height: Int(output.height))
        self.isSplit = output.split != 0
    }

    /// Wraps `cjsp_destroy`, which stops and joins the second thread.
    deinit { cjsp_destroy(handle) }

    /// Wraps `cjsp_read_rows`: up to `maxRows` RGBA8 rows into `buffer`, `stride` bytes apart.
    /// Returns the number of rows written; 0 means the image is complete.
    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, stride: Int, maxRows: Int) throws(ImageError) -> Int {
        precondition(buffer.count >= stride * maxRows && stride >= outputSize.width * 4, "row buffer too small")
        let rows = cjsp_read_rows(handle, buffer.baseAddress, stride, Int32(maxRows))
        guard rows >= 0 else { throw Self.error(of: handle, sourceName: sourceName, maxMemoryBytes: 0, budget: budget) }
        return Int(rows)
    }

    /// Where the halves met (`cjsp_split_report`): the MCU in scan order, or `nil` if they did not.
    var meetingMCU: Int? {
        let report = cjsp_split_report(handle)
        return report.synchronized != 0 ? Int(report.meeting_mcu) : nil
    }

    /// Wraps `cjsp_diagnostics`: the failure and warnings the C decoder recorded.
    var diagnostics: OpaquePointer { cjsp_diagnostics(handle) }

    /// The failure recorded by the C decoder.
    private static func error(of handle: OpaquePointer, sourceName: String, maxMemoryBytes: Int, budget: JPEGBudget) -> ImageError {
        ShimDecoderFailure(cjsp_diagnostics(handle)).imageError(sourceName: sourceName, maxMemoryBytes: maxMemoryBytes, budget: budget)
    }
}
