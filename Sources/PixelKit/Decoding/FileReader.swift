#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files with POSIX calls, reporting failures as `ImageError` with the `errno` text.
enum FileReader {
    /// Up to `maxBytes` bytes from the start of the file at `path`.
    static func read(path: String, maxBytes: Int) throws(ImageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(maxBytes, 1), 1 << 20))
        while result.count < maxBytes {
            let wanted = min(chunk.count, maxBytes - result.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    private static func unreadable(_ path: String) -> ImageError {
        let code = errno
        return .unreadableFile(path: path, code: code, reason: String(cString: strerror(code)))
    }
}

/// `read(2)`, named apart from `FileReader.read` which would shadow it.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
