import CJPEGShim
import PixelKit


/// A failure recorded by one of the shim's own decoders (in their shared `decoder_diagnostics`), as an `ImageError`.
struct ShimDecoderFailure {
    /// The status code (`CJDIAG_ERROR_*`).
    var kind: Int32
    /// Worded as libjpeg words the same problem.
    var message: String
    /// `errno` for an I/O failure; the count for a limit; the `cj_interrupt_t` for an interruption.
    var errorNumber: Int32
    /// Bytes the decoder would have needed, for a memory failure.
    var bytesNeeded: Int64

    /// The failure in a decoder's `decoder_diagnostics` (`cjdc_diagnostics`, `cjsp_diagnostics`).
    init(_ diagnostics: OpaquePointer) {
        kind = cjdiag_error_kind(diagnostics)
        message = String(cString: cjdiag_error_message(diagnostics))
        errorNumber = cjdiag_error_parameter(diagnostics)
        bytesNeeded = cjdiag_error_parameter64(diagnostics)
    }

    /// The error to throw for input called `sourceName`, decoded within `maxMemoryBytes` and `budget`.
    func imageError(sourceName: String, maxMemoryBytes: Int, budget: JPEGBudget) -> ImageError {
        switch UInt32(bitPattern: kind) {
        case CJDIAG_ERROR_TRUNCATED.rawValue:
            return .truncated(format: .jpeg, message: message)
        case CJDIAG_ERROR_IO.rawValue:
            return .file(FileError(path: sourceName, operation: .read, errno: errorNumber))
        case CJDIAG_ERROR_MEMORY.rawValue:
            return .limitExceeded(.memory(bytes: Int(bytesNeeded), limit: maxMemoryBytes))
        case CJDIAG_ERROR_SCAN_LIMIT.rawValue:
            return budget.scanLimitError(scan: errorNumber)
        case CJDIAG_ERROR_MARKER_LIMIT.rawValue:
            return budget.markerLimitError(marker: errorNumber)
        case CJDIAG_ERROR_INTERRUPTED.rawValue:
            return budget.interruptionError(reason: errorNumber)
        default:
            return .malformed(format: .jpeg, message: message)
        }
    }
}
