#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PixelKit

/// Where each input's thumbnail goes: `DIR/<file name without extension>.<ext>`. An input whose
/// output name an earlier input already takes is refused rather than overwriting it.
struct ThumbnailOutput: Sendable {
    let directory: String
    let files: [String]
    /// Output path of each input, or nil where it would collide with an earlier input's.
    let outputs: [String?]

    init(directory: String, files: [String], fileExtension: String) {
        self.directory = directory
        self.files = files
        var taken: Set<String> = []
        outputs = files.map { file in
            let name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
            let stem = name.lastIndex(of: ".").map { name[..<$0] }.flatMap { $0.isEmpty ? nil : String($0) } ?? name
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + stem + "." + fileExtension
            return taken.insert(path).inserted ? path : nil
        }
    }

    /// Writes the thumbnail of input `index` and returns its path.
    /// - Throws: `ImageError.unwritableFile`, or `.invalidOptions` for a name collision.
    func write(_ data: [UInt8], forInput index: Int) throws(ImageError) -> String {
        guard let path = outputs[index] else {
            throw .invalidOptions("another input already writes a thumbnail with this name in \(directory)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.unwritable(path) }
        defer { close(descriptor) }
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, data.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.unwritable(path)
            }
            offset += written
        }
        return path
    }

    /// `mkdir -p`.
    static func createDirectory(_ path: String) throws(ImageError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw unwritable(prefix) }
            prefix += "/"
        }
    }

    private static func unwritable(_ path: String) -> ImageError {
        let code = errno
        return .unwritableFile(path: path, code: code, reason: String(cString: strerror(code)))
    }
}

/// `write(2)`, named apart from `ThumbnailOutput.write` which would shadow it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
