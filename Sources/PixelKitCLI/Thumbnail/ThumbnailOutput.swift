import PixelKit
import PixelKitPlatform

/// Where each input's thumbnail goes: `DIR/<file name without extension>.<ext>`. An input whose
/// output name an earlier input already takes is refused rather than overwriting it. Names are
/// kept as bytes (an input named with invalid UTF-8 gets an output named with the same bytes), and
/// every thumbnail is written atomically with ``ImageFileWriter``, which refuses to replace any
/// input of the run (compared by device and inode, not by name).
struct ThumbnailOutput: Sendable {
    let directory: String
    let files: [String]
    /// The inputs, named by their exact bytes.
    let sources: [ImageSource]
    /// Output path (bytes) of each input, or nil where it would collide with an earlier input's.
    let outputs: [[UInt8]?]
    /// Writes the thumbnails; never over an input.
    let writer: ImageFileWriter

    init(directory: String, files: [String], fileExtension: String) {
        self.directory = directory
        self.files = files
        sources = RawArguments.imageSources(files)
        writer = ImageFileWriter(neverReplacing: sources)
        let directoryBytes = RawArguments.bytes(of: directory)
        var taken: Set<[UInt8]> = []
        outputs = sources.map { source in
            let name = source.platformPath?.lastComponent ?? []
            let stem = name.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 == 0 ? nil : Array(name[..<$0]) } ?? name
            let path = PlatformPath(bytes: directoryBytes).appending(stem + Array(".\(fileExtension)".utf8)).bytes
            return taken.insert(path).inserted ? path : nil
        }
    }

    /// Writes the thumbnail of input `index` atomically and returns its path (for display).
    /// - Throws: `ImageError.file` (the `errno`, a link or directory in the way, an output that is an
    ///   input), or `.invalidOptions` for a name collision.
    func write(_ data: [UInt8], forInput index: Int) throws(ImageError) -> String {
        guard let path = outputs[index] else {
            throw .invalidOptions("another input already writes a thumbnail with this name in \(directory)")
        }
        try writer.write(data, toPathBytes: path)
        return String(decoding: path, as: UTF8.self)
    }

    /// `mkdir -p`; refuses an empty name rather than writing to the current or root directory.
    static func createDirectory(_ path: String) throws(ImageError) {
        guard !path.isEmpty else { throw .file(FileError(path: path, operation: .createDirectory, problem: .notAFileName)) }
        if case .failure(let failure) = FileSystemCalls.live.makeDirectories(PlatformPath(bytes: RawArguments.bytes(of: path))) {
            throw .file(FileError(path: failure.path.displayName, operation: .createDirectory, errno: failure.error.code))
        }
    }
}
