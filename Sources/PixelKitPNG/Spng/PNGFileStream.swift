import CSpng
import PixelKit

/// A PNG file as libspng reads it (`spng_set_png_stream`): each read first asks whether the decode
/// must stop (task cancelled, deadline passed), so that even the chunks before and after the image
/// data, which libspng reads in one call, stop within one read of an interruption. A stopped read
/// fails with `SPNG_IO_ERROR`; `PNGReader` then names the interruption.
final class PNGFileStream {
    let file: CFile
    /// The deadline reads stop at; nil stops only on cancellation.
    let deadline: DecodeDeadline?

    init(file: CFile, deadline: DecodeDeadline?) {
        self.file = file
        self.deadline = deadline
    }

    /// Whether reads have stopped for good (monotonic: cancellation and a passed deadline stay so).
    var isInterrupted: Bool { Task.isCancelled || (deadline?.hasPassed ?? false) }

    /// The `spng_rw_fn`: `length` bytes into `destination` with `fread` (libspng's own file reader),
    /// `SPNG_IO_EOF` at the end of the file, `SPNG_IO_ERROR` on a read error or an interruption.
    static let read: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int32 = {
        _, user, destination, length in
        guard let user else { return SPNG_IO_ERROR.rawValue }
        let stream = Unmanaged<PNGFileStream>.fromOpaque(user).takeUnretainedValue()
        if stream.isInterrupted { return SPNG_IO_ERROR.rawValue }
        if length == 0 { return 0 }
        if fread(destination, length, 1, stream.file.stream) != 1 {
            return feof(stream.file.stream) != 0 ? SPNG_IO_EOF.rawValue : SPNG_IO_ERROR.rawValue
        }
        return 0
    }
}
