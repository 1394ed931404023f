#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value that names an encoded image: what every operation takes as its input.
///
/// Each operation has one spelling, generic over this protocol, so that an ``ImageSource``, a file
/// `URL`, `Data`, a `[UInt8]` array or a path `String` can be passed as they are:
///
/// ```swift
/// let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
/// let fromPath = try codecs.averageColor(of: "photo.jpg")
/// let fromURL = try codecs.averageColor(of: URL(filePath: "photo.jpg"))
/// let fromData = try codecs.averageColor(of: try Data(contentsOf: URL(filePath: "photo.jpg")))
/// let fromSource = try codecs.averageColor(of: .file(path: "photo.jpg"))
/// ```
///
/// The conversion is cheap and never reads the input: a file is opened by the operation (once, for
/// all its steps), an ``ImageFile`` already opened is read as it is, bytes in memory are borrowed in
/// place. Conform a type of your own to pass it directly.
public protocol ImageSourceConvertible: Sendable {
    /// The source this value names.
    /// - Throws: ``ImageError/notAFileURL(url:)`` for a `URL` that is not a `file:` URL.
    var imageSource: ImageSource { get throws(ImageError) }
}

extension ImageSource: ImageSourceConvertible {
    /// The source itself.
    public var imageSource: ImageSource { self }
}

// The cases of `ImageSource` as members of the protocol, so that `.file(path:)` and the others
// still read as before where a generic operation expects `some ImageSourceConvertible`. Disfavored,
// so that `ImageSource.file(path:)` and patterns resolve to the cases themselves.
extension ImageSourceConvertible where Self == ImageSource {
    /// ``ImageSource/file(path:)``, where an operation expects `some ImageSourceConvertible`.
    @_disfavoredOverload
    public static func file(path: String) -> ImageSource { ImageSource.file(path: path) }

    /// ``ImageSource/rawPath(_:)``, where an operation expects `some ImageSourceConvertible`.
    @_disfavoredOverload
    public static func rawPath(_ bytes: [UInt8]) -> ImageSource { ImageSource.rawPath(bytes) }

    /// ``ImageSource/openFile(_:)``, where an operation expects `some ImageSourceConvertible`.
    @_disfavoredOverload
    public static func openFile(_ file: ImageFile) -> ImageSource { ImageSource.openFile(file) }

    /// ``ImageSource/bytes(_:)``, where an operation expects `some ImageSourceConvertible`.
    @_disfavoredOverload
    public static func bytes(_ bytes: [UInt8]) -> ImageSource { ImageSource.bytes(bytes) }

    /// ``ImageSource/data(_:)``, where an operation expects `some ImageSourceConvertible`.
    @_disfavoredOverload
    public static func data(_ data: Data) -> ImageSource { ImageSource.data(data) }
}

extension ImageFile: ImageSourceConvertible {
    /// This opened file (``ImageSource/openFile(_:)``): operations read its descriptor and never
    /// open the path again.
    public var imageSource: ImageSource { .openFile(self) }
}

extension URL: ImageSourceConvertible {
    /// The local file this URL names (``ImageSource/file(path:)``).
    /// - Throws: ``ImageError/notAFileURL(url:)`` when the URL is not a `file:` URL.
    public var imageSource: ImageSource {
        get throws(ImageError) { try ImageSource(self) }
    }
}

extension Data: ImageSourceConvertible {
    /// The encoded image in these bytes (``ImageSource/data(_:)``), read in place, not copied.
    public var imageSource: ImageSource { .data(self) }
}

extension Array: ImageSourceConvertible where Element == UInt8 {
    /// The encoded image in these bytes (``ImageSource/bytes(_:)``), read in place, not copied.
    public var imageSource: ImageSource { .bytes(self) }
}

extension String: ImageSourceConvertible {
    /// The file at this path (``ImageSource/file(path:)``), relative to the working directory unless
    /// it starts with `/`.
    public var imageSource: ImageSource { .file(path: self) }
}
