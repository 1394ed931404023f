import CSpng
import PixelKit

/// A PNG file as libspng reads it (`spng_set_png_stream`): the operation's opened file read with
/// `pread` from the stream's own offset (never the descriptor's file position, which other readers
/// of the same `ImageFile` share). Each read first asks whether the decode must stop (task
/// cancelled, deadline passed), so that even the chunks before and after the image data, which
/// libspng reads in one call, stop within one read of an interruption. A stopped or failed read
/// fails with `SPNG_IO_ERROR`; `PNGReader` then names the interruption or the read's `errno`.
final class PNGFileStream {
    let file: ImageFile
    /// The deadline reads stop at; nil stops only on cancellation.
    let deadline: DecodeDeadline?
    /// Where the next read starts.
    private var offset = 0
    /// The `errno` of a failed read, if one failed.
    private(set) var readErrorCode: Int32?

    init(file: ImageFile, deadline: DecodeDeadline?) {
        self.file = file
        self.deadline = deadline
    }

    /// Whether reads have stopped for good (monotonic: cancellation and a passed deadline stay so).
    var isInterrupted: Bool { Task.isCancelled || (deadline?.hasPassed ?? false) }

    /// Fills `buffer` from the offset; false at the end of the file (or on a read error, recorded).
    private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < buffer.count {
            do throws(ImageError) {
                let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: offset + filled)
                if got == 0 { return false }
                filled += got
            } catch {
                if case .unreadableFile(_, let code, _) = error { readErrorCode = code }
                return false
            }
        }
        offset += filled
        return true
    }

    /// The `spng_rw_fn`: `length` bytes into `destination` with `pread`, `SPNG_IO_EOF` at the end of
    /// the file, `SPNG_IO_ERROR` on a read error or an interruption.
    static let read: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int32 = {
        _, user, destination, length in
        guard let user else { return SPNG_IO_ERROR.rawValue }
        let stream = Unmanaged<PNGFileStream>.fromOpaque(user).takeUnretainedValue()
        if stream.isInterrupted { return SPNG_IO_ERROR.rawValue }
        if length == 0 { return 0 }
        guard let destination else { return SPNG_IO_ERROR.rawValue }
        if !stream.fill(UnsafeMutableRawBufferPointer(start: destination, count: length)) {
            return stream.readErrorCode == nil ? SPNG_IO_EOF.rawValue : SPNG_IO_ERROR.rawValue
        }
        return 0
    }
}
