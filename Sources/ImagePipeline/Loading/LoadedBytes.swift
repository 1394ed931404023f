import PixelKit

/// Where a loaded image's bytes are: in memory (a disk-cache entry, a `file` URL's bytes, bytes given
/// with the request) or in the file a download streamed into, which decoders read and the disk cache
/// copies in chunks, so that a large body never has to fit in memory.
enum LoadedBytes: Sendable {
    case memory([UInt8])
    /// A complete, verified download; the file lives as long as this value.
    case file(ResponseBody)

    /// The bytes as the codecs read them.
    var imageSource: ImageSource {
        switch self {
        case .memory(let bytes): .bytes(bytes)
        case .file(let body): .file(path: body.path)
        }
    }

    /// How many bytes there are.
    var count: Int {
        switch self {
        case .memory(let bytes): bytes.count
        case .file(let body): body.count
        }
    }

    /// The bytes in memory (`ImagePipeline.data(for:)` hands them out).
    /// - Throws: ``ImagePipelineError/file(_:)`` when the file cannot be read back intact.
    func contents() throws(ImagePipelineError) -> [UInt8] {
        switch self {
        case .memory(let bytes): return bytes
        case .file(let body): return try body.bytes()
        }
    }
}
