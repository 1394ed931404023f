#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a `file` URL's bytes: regular files only (never a FIFO, device or directory, which could
/// block or never end), at most a given number of bytes.
enum LocalFileReader {
    /// The file's bytes.
    /// - Throws: ``ImagePipelineError/notARegularFile(path:)``, ``ImagePipelineError/responseTooLarge(url:declaredBytes:limit:)``
    ///   or ``ImagePipelineError/fileSystem(path:code:reason:)``.
    static func read(path: String, maxBytes: Int) throws(ImagePipelineError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw AtomicFileWriter.failure(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw AtomicFileWriter.failure(path) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
        let size = Int(status.st_size)
        guard size <= maxBytes else { throw .responseTooLarge(url: "file://" + path, declaredBytes: size, limit: maxBytes) }
        // Sized by the file, read until its end: a file that grows meanwhile is refused past the limit.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maxBytes else { throw .responseTooLarge(url: "file://" + path, declaredBytes: nil, limit: maxBytes) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), maxBytes + 1 - bytes.count)))
            }
            let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw AtomicFileWriter.failure(path)
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { throw .responseTooLarge(url: "file://" + path, declaredBytes: nil, limit: maxBytes) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

/// `read(2)`, named apart from `LocalFileReader.read`, which would shadow it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
