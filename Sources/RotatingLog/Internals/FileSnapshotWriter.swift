import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole file through a temporary name and a rename, so the destination is never partial.
struct FileSnapshotWriter {
    let system: SystemCalls
    let permissions: UInt16

    func write(_ bytes: [UInt8], to destination: String) throws(LogFileError) {
        let temporary = destination + ".partial"
        let descriptor: Int32
        switch system.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(permissions)) {
        case .success(let opened): descriptor = opened
        case .failure(let errno): throw .snapshotFailed(path: temporary, errno: LogSystemError(errno))
        }
        var written = 0
        var failure: Errno?
        while written < bytes.count, failure == nil {
            let result = bytes.withUnsafeBytes { system.write(descriptor, UnsafeRawBufferPointer(rebasing: $0[written...])) }
            switch result {
            case .success(0): failure = .noSpace
            case .success(let count): written += count
            case .failure(let errno): failure = errno
            }
        }
        system.close(descriptor)
        if failure == nil, case .failure(let errno) = system.rename(temporary, destination) { failure = errno }
        if let failure {
            _ = system.unlink(temporary)
            throw .snapshotFailed(path: destination, errno: LogSystemError(failure))
        }
    }
}
