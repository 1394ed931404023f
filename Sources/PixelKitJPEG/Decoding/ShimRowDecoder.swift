import CJPEGShim
import PixelKit

/// One of the C shim's own JPEG decoders (`JPEGProgressiveDCDecoder`, `JPEGSplitDecoder`): rows into
/// a caller's buffer, and the warnings met, so that `JPEGRowDecoder` drives either the same way.
protocol ShimRowDecoder: ~Copyable {
    /// Size of the rows `readRows` delivers.
    var outputSize: PixelSize { get }
    /// Up to `maxRows` RGBA8 rows into `buffer`, `stride` bytes apart; 0 once the image is complete.
    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, stride: Int, maxRows: Int) throws(ImageError) -> Int
    /// The C decoder's `decoder_diagnostics` (`cjdc_diagnostics`, `cjsp_diagnostics`), read with the `cjdiag_*` functions.
    var diagnostics: OpaquePointer { get }
}

extension ShimRowDecoder where Self: ~Copyable {
    /// Lenient-mode warnings so far (`cjdiag_warning_count`, `cjdiag_warning_message`), each message once.
    var warnings: [DecodeWarning] {
        (0..<cjdiag_warning_count(diagnostics)).map { index in
            DecodeWarning(format: .jpeg, message: String(cString: cjdiag_warning_message(diagnostics, index)))
        }
    }
}
