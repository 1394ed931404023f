#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// SWAP FOR SHARED WRITER: this is the module's only atomic file write. When `PixelKitPlatform`'s
// atomic file writer is merged, replace this type's body with a call to it (same contract:
// temporary file in the destination's directory, O_EXCL, write all, fsync, rename, fsync directory;
// the temporary file removed on any error).

/// Replaces a file atomically: readers (in any process) see the old file or the whole new one,
/// and a crash at any point leaves at most a `.tmp-*` file, which ``DiskCache`` sweeps. `package`
/// so that `pixelkit fetch` writes its thumbnails with it too.
package enum AtomicFileWriter {
    /// The prefix of temporary files, followed by the writer's process id and a random number.
    package static let temporaryPrefix = ".tmp-"

    /// Writes `chunks`, in order, to `path` through a temporary file and a rename.
    /// - Throws: ``ImagePipelineError/fileSystem(path:code:reason:)`` naming the failing file.
    package static func write(_ chunks: [[UInt8]], to path: String, directory: String) throws(ImagePipelineError) {
        let temporary = directory + "/" + temporaryPrefix + String(getpid()) + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(temporary) }
        var closed = false
        do throws(ImagePipelineError) {
            for chunk in chunks { try writeAll(chunk, to: descriptor, path: temporary) }
            guard fsync(descriptor) == 0 else { throw failure(temporary) }
            closed = true
            guard close(descriptor) == 0 else { throw failure(temporary) }
            guard rename(temporary, path) == 0 else { throw failure(path) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        // The rename is durable once the directory is synced; a failure here loses nothing written.
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ImagePipelineError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += written
        }
    }

    static func failure(_ path: String) -> ImagePipelineError {
        let code = errno
        return .fileSystem(path: path, code: code, reason: String(cString: strerror(code)))
    }
}

/// `write(2)`, named apart from `AtomicFileWriter.write`, which would shadow it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
