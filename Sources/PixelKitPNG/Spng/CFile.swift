import PixelKitPlatform
import PixelKit

/// A C stdio stream opened for reading, which libspng reads through `PNGFileStream` so that a file is
/// decoded as it is read. Closed with `fclose` when the last reference goes, on every path.
final class CFile {
    let path: String
    let stream: UnsafeMutablePointer<FILE>

    /// Opens the file of `source` as a regular file (`ImageSource.openRegularFile`, which refuses
    /// FIFOs, devices and directories at once) and wraps the descriptor with `fdopen(_, "rb")`.
    /// - Throws: `ImageError.file` with the `errno`, or for a path that is not a regular file.
    init(readingFrom source: ImageSource) throws(ImageError) {
        path = source.displayName
        guard let descriptor = try source.openRegularFile() else { throw .emptyInput }
        guard let stream = fdopen(descriptor, "rb") else {
            let failure = CFile.failure(path)
            close(descriptor)
            throw failure
        }
        self.stream = stream
    }

    /// Wraps `fclose`.
    deinit { fclose(stream) }

    /// Wraps `fread`: up to `count` bytes from the current position (fewer at end of file).
    /// - Throws: `ImageError.file` when `ferror` reports a read error.
    func read(upTo count: Int) throws(ImageError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, stream) }
        if got < count && ferror(stream) != 0 { throw CFile.failure(path) }
        bytes.removeLast(count - got)
        return bytes
    }

    /// Wraps `rewind`: back to the first byte, clearing end-of-file and error indicators.
    func rewindToStart() { rewind(stream) }

    /// `pread` on the stream's descriptor (`fileno`), through the platform layer's EINTR-safe call:
    /// bytes at an absolute offset, without moving the stream. Returns fewer bytes at end of file or
    /// on a read error.
    func read(upTo count: Int, atOffset offset: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { FileSystemCalls.live.readAtRetrying(fileno(stream), $0, Int64(offset)) }
        bytes.removeLast(count - ((try? got.get()) ?? 0))
        return bytes
    }

    /// A read error (`ImageError.file`) for the current `errno`.
    private static func failure(_ path: String) -> ImageError {
        .file(FileError(path: path, operation: .read, errno: errno))
    }
}
