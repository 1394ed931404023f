import PixelKitPlatform

/// Loads a `file` URL's bytes through the platform layer's one file reader: regular files only
/// (a FIFO, device or directory could block or never end), at most `maxBytes`.
enum LocalFileLoader {
    /// The file's bytes.
    /// - Throws: ``ImagePipelineError/file(_:)``, ``ImagePipelineError/responseTooLarge(url:declaredBytes:limit:)``
    ///   (with the file's size when it was already too large when opened) or ``ImagePipelineError/file(_:)``.
    static func load(path: String, maxBytes: Int, reader: RegularFileReader = RegularFileReader()) throws(ImagePipelineError) -> [UInt8] {
        let platformPath = PlatformPath(path)
        let descriptor: Int32
        do throws(FileSystemError) { descriptor = try reader.open(platformPath) } catch { throw ImagePipelineError(error) }
        defer { reader.calls.close(descriptor) }
        if case .success(let status) = reader.calls.status(descriptor), status.size > Int64(maxBytes) {
            throw .responseTooLarge(url: "file://" + path, declaredBytes: Int(status.size), limit: maxBytes)
        }
        // One byte past the limit tells a file that grew since the check from one that fits.
        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try reader.read(descriptor: descriptor, path: platformPath, upTo: maxBytes < Int.max ? maxBytes + 1 : maxBytes)
        } catch {
            throw ImagePipelineError(error)
        }
        guard bytes.count <= maxBytes else { throw .responseTooLarge(url: "file://" + path, declaredBytes: nil, limit: maxBytes) }
        return bytes
    }
}
