import CSpng
import PixelKit

/// A PNG file as libspng reads it (`spng_set_png_stream`): the operation's opened file read with
/// `pread`, 64 KiB at a time, from the stream's own offset (never the descriptor's file position, which other readers
/// of the same `ImageFile` share). Each read first asks whether the decode must stop (task
/// cancelled, deadline passed), so that even the chunks before and after the image data, which
/// libspng reads in one call, stop within one read of an interruption. A stopped or failed read
/// fails with `SPNG_IO_ERROR`; `PNGReader` then names the interruption or the read's `errno`.
///
/// The chunk walks (`PNGChunkScan`) read the same window (``bytes(at:count:)``) before libspng
/// starts, so the header read reads the file's first 64 KiB once for both.
final class PNGFileStream {
    let file: ImageFile
    /// The deadline reads stop at; nil stops only on cancellation. A decode continuing from a
    /// header sets its own.
    var deadline: DecodeDeadline?
    /// Bytes read ahead: libspng asks for each chunk's 8-byte header, its data and its 4-byte CRC
    /// in turn, so reads go through a 64 KiB window (as `fread`'s buffer did) rather than one `pread` each.
    private var window = [UInt8](repeating: 0, count: 64 << 10)
    /// The file offset of `window[0]`, and how many bytes of it are valid.
    private var windowStart = 0
    private var windowCount = 0
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

    /// Back to the first byte, for a fresh libspng context (the window is kept: a retry after a bad
    /// ancillary CRC reads the start of the file from it again).
    func rewind() {
        offset = 0
        readErrorCode = nil
    }

    /// Up to `count` bytes at `at` (fewer past the end, none on a read error), without moving the
    /// stream: from the window when it holds them (filled from the start of the file while nothing
    /// has been read yet, the bytes libspng reads first), else with a `pread` of their own.
    func bytes(at start: Int, count: Int) -> [UInt8] {
        guard start >= 0, count > 0 else { return [] }
        if windowCount == 0, offset == 0, start < window.count {
            do throws(ImageError) {
                try load(at: 0)
            } catch {
                windowCount = 0
            }
        }
        if start >= windowStart, start + count <= windowStart + windowCount {
            return Array(window[start - windowStart..<start - windowStart + count])
        }
        if start >= windowStart, start < windowStart + windowCount, windowCount < window.count {
            // The window ends where the file ended when it was filled.
            return Array(window[start - windowStart..<windowCount])
        }
        // A failed read ends a walk like the end of the data; the decode reports the file.
        return (try? file.bytes(at: start, count: count)) ?? []
    }

    /// Fills `buffer` from the offset; false at the end of the file (or on a read error, recorded).
    private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let available = windowStart + windowCount - offset
            if available > 0, offset >= windowStart {
                let n = min(available, buffer.count - filled)
                let start = offset - windowStart
                window.withUnsafeBytes { bytes in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<filled + n])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + n]))
                }
                filled += n
                offset += n
                continue
            }
            do throws(ImageError) {
                try load(at: offset)
            } catch {
                windowCount = 0
                if let code = error.fileError?.errno { readErrorCode = code }
                return false
            }
            if windowCount == 0 { return false }
        }
        return true
    }

    /// Fills the window from `start` up to the file's size at its open (no read past it to learn
    /// that the file ends; a file truncated since reads short).
    private func load(at start: Int) throws(ImageError) {
        windowStart = start
        windowCount = 0
        let wanted = min(window.count, max(file.size - start, 0))
        while windowCount < wanted {
            let filled = windowCount
            // `withUnsafeMutableBytes` rethrows untyped errors: carry the typed one out in a `Result`.
            let outcome = window.withUnsafeMutableBytes { bytes in
                Result { () throws(ImageError) -> Int in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled..<wanted]), at: start + filled)
                }
            }
            let got = try outcome.get()
            if got == 0 { return }
            windowCount += got
        }
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
