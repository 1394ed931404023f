import PixelKit

/// Where a loaded image's bytes are: in memory (a disk-cache entry, a `file` URL's bytes, bytes given
/// with the request) or in the file a download streamed into, which decoders read and the disk cache
/// copies in chunks, so that a large body never has to fit in memory.
enum LoadedBytes: Sendable {
    case memory([UInt8])
    /// A complete, verified download (the file lives as long as this value), and the one opening of
    /// it that the load stage's probe and every decode read: the file is opened once.
    case file(ResponseBody, opened: ImageFile)

    /// A complete download, opened for the codecs.
    /// - Throws: ``ImagePipelineError/file(_:)`` when the file cannot be opened.
    static func download(_ body: ResponseBody) throws(ImagePipelineError) -> LoadedBytes {
        do throws(ImageError) {
            return .file(body, opened: try ImageFile(path: body.path))
        } catch {
            // Named as the body's other file errors are: the file is the pipeline's, the request names the URL.
            guard case .file(let failure) = error else { throw ImagePipelineError(error) }
            throw .file(FileError(path: "temporary download of \(body.url)", operation: failure.operation, problem: failure.problem))
        }
    }

    /// The bytes as the codecs read them.
    var imageSource: ImageSource {
        switch self {
        case .memory(let bytes): .bytes(bytes)
        case .file(_, let opened): .openFile(opened)
        }
    }

    /// How many bytes there are.
    var count: Int {
        switch self {
        case .memory(let bytes): bytes.count
        case .file(let body, _): body.count
        }
    }

    /// The bytes in memory (`ImagePipeline.data(for:)` hands them out).
    /// - Throws: ``ImagePipelineError/file(_:)`` when the file cannot be read back intact.
    func contents() throws(ImagePipelineError) -> [UInt8] {
        switch self {
        case .memory(let bytes): return bytes
        case .file(let body, _): return try body.bytes()
        }
    }
}
