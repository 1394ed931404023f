import CJPEGShim
import PixelKit

/// The progressive 1/8 shortcut without libjpeg: a thin typed wrapper over the `cjdc_*` functions of
/// the C shim, which parse the markers and decode only the DC scans of a progressive (SOF2) JPEG,
/// keeping one 16-bit DC value per block: for one MCU row when the first scan carries every
/// component (rows then stream), else for the whole image (≈ 0.6 MB for 12 MP 4:2:0). libjpeg's
/// buffered-image mode would allocate every block's 64 coefficients (≈ 38 MB for 12 MP).
///
/// Its rows equal those of libjpeg's shortcut (`cjs_start` with `progressive_shortcut`): same 1×1
/// IDCT, chroma replication, DC bias correction, color conversion and dither. The C state is freed
/// when the value goes away.
struct JPEGProgressiveDCDecoder: ShimRowDecoder, ~Copyable {
    private let handle: OpaquePointer
    /// The input the C decoder reads, kept so that a file's descriptor stays open as long as it does.
    private let input: JPEGDecompressor.Input
    private let sourceName: String
    /// Scans, markers and interruption, enforced in the C loops; alive as long as `handle`.
    private let budget: JPEGBudget
    /// Size of the rows `readRows` delivers: ⌈width/8⌉ × ⌈height/8⌉ of the stored size.
    let outputSize: PixelSize
    /// Whether rows stream per MCU row (true) or come from whole-image DC planes.
    let isStreaming: Bool
    /// Bytes the C decoder allocated: DC buffers plus a 64 KiB file buffer.
    let memoryBytes: Int

    /// Wraps `cjdc_create`, `cjdc_set_budget` (scans, markers, interruption), the source setup, `cjdc_set_header` and `cjdc_start`: parses up to the first scan and, without
    /// streaming, decodes the DC scans. `nil` when the file needs libjpeg (arithmetic coding, 12-bit,
    /// CMYK/YCCK or other component counts, sampling factors other than 1 or 2, an unusual scan
    /// order); nothing was delivered then. `colorModel` is libjpeg's reading of the header. With
    /// `header` (`JPEGDecompressor.headerHandle`, after `readHeader` on the same input, alive for
    /// the call) it starts from libjpeg's parsed header at the first scan's data (`cjdc_set_header`)
    /// instead of parsing the markers from SOI; the rows are the same.
    /// - Throws: `ImageError`: `.malformed`, `.truncated` (strict), `.file`, or
    ///   `.limitExceeded(.memory)` when the DC buffers would exceed `maxMemoryBytes`.
    init?(
        _ input: JPEGDecompressor.Input, colorModel: ImageInfo.ColorModel, strict: Bool, maxMemoryBytes: Int, budget: JPEGBudget,
        header: OpaquePointer? = nil
    ) throws(ImageError) {
        let color: Int32
        switch colorModel {
        case .gray: color = Int32(CJS_COLOR_GRAY.rawValue)
        case .rgb: color = Int32(CJS_COLOR_RGB.rawValue)
        case .ycbcr: color = Int32(CJS_COLOR_YCBCR.rawValue)
        default: return nil
        }
        // cjdc_create fails only when malloc does, where Swift's own allocations trap as well.
        guard let handle = cjdc_create(strict ? 1 : 0) else {
            fatalError("out of memory: cannot allocate a DC scan decoder")
        }
        var cBudget = budget.cBudget
        cjdc_set_budget(handle, &cBudget)
        let name: String
        switch input {
        case .memory(let bytes):
            name = "<\(bytes.count) bytes>"
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                cjdc_destroy(handle)
                throw .emptyInput
            }
            cjdc_set_source_memory(handle, base, bytes.count)
        case .file(let file):
            name = file.path
            _ = cjdc_set_source_descriptor(handle, file.descriptor, Int64(file.size))
        }
        cjdc_set_header(handle, header)
        var output = cjdc_output()
        let status = cjdc_start(handle, color, Int64(maxMemoryBytes), &output)
        if status == Int32(CJDIAG_FALLBACK.rawValue) {
            cjdc_destroy(handle)
            return nil
        }
        if status != Int32(CJDIAG_OK.rawValue) {
            let error = Self.error(of: handle, sourceName: name, maxMemoryBytes: maxMemoryBytes, budget: budget)
            cjdc_destroy(handle)
            throw error
        }
        self.handle = handle
        self.input = input
        self.sourceName = name
        self.budget = budget
        self.outputSize = PixelSize(width: Int(output.width), height: Int(output.height))
        self.isStreaming = output.streaming != 0
        self.memoryBytes = Int(output.memory_bytes)
    }

    /// Wraps `cjdc_destroy`.
    deinit { cjdc_destroy(handle) }

    /// Wraps `cjdc_read_rows`: up to `maxRows` RGBA8 rows into `buffer`, `stride` bytes apart.
    /// Returns the number of rows written; 0 means the image is complete.
    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, stride: Int, maxRows: Int) throws(ImageError) -> Int {
        precondition(buffer.count >= stride * maxRows && stride >= outputSize.width * 4, "row buffer too small")
        let rows = cjdc_read_rows(handle, buffer.baseAddress, stride, Int32(maxRows))
        guard rows >= 0 else { throw Self.error(of: handle, sourceName: sourceName, maxMemoryBytes: 0, budget: budget) }
        return Int(rows)
    }

    /// Wraps `cjdc_diagnostics`: the failure and warnings the C decoder recorded.
    var diagnostics: OpaquePointer { cjdc_diagnostics(handle) }

    /// The failure recorded by the C decoder.
    private static func error(of handle: OpaquePointer, sourceName: String, maxMemoryBytes: Int, budget: JPEGBudget) -> ImageError {
        ShimDecoderFailure(cjdc_diagnostics(handle)).imageError(sourceName: sourceName, maxMemoryBytes: maxMemoryBytes, budget: budget)
    }
}
