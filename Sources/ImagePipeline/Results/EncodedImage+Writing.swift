#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKit

extension EncodedImage {
    /// Writes ``data`` to `path` atomically with `ImageFileWriter`: the file holds either its old
    /// contents or the whole image, never a partial one.
    /// - Throws: `ImageError` as `ImageFileWriter`'s `write(_:to:)`.
    public func write(to path: String) throws(ImageError) {
        try ImageFileWriter().write(data, to: path)
    }

    /// Writes ``data`` atomically to the local file that `url` names.
    /// - Throws: `ImageError.notAFileURL` for a URL that is not a `file:` URL, else as
    ///   `ImageFileWriter`'s `write(_:to:)`.
    public func write(to url: URL) throws(ImageError) {
        try ImageFileWriter().write(data, to: url)
    }
}
