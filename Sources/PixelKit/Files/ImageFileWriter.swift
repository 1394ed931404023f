#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PixelKitPlatform

/// Writes encoded images (or any bytes) to files atomically: the destination holds either its old
/// contents or the complete new file, never a partial or empty one, even on a full disk.
///
/// The bytes go to a temporary file created exclusively in the destination's folder, are `fsync`ed
/// and renamed over the destination; on any failure the temporary file is removed and the old file
/// is untouched. An output path that is empty or ends in `/` is refused
/// (`FileError.Problem.notAFileName`), and so is one whose last component is a symbolic link,
/// a directory, a FIFO or a device (`FileError.Problem.notARegularFile`): a link is never
/// followed, so writing cannot overwrite the file it points to.
///
/// A writer made with ``init(neverReplacing:)`` also refuses to write over any of a run's inputs,
/// compared by device and inode rather than by name (so `./photo.jpg`, a hard link or a path
/// through a symbolic link are all caught): `FileError.Problem.wouldReplaceInput`, and nothing
/// is written.
///
/// ```swift
/// let thumbnail = try thumbnailer.thumbnail(of: "photo.jpg")
/// try thumbnail.write(to: "thumbs/photo.jpg")
/// try thumbnail.write(to: URL(filePath: "thumbs/copy.jpg"))
///
/// let writer = ImageFileWriter(neverReplacing: [.file(path: "photo.jpg")])
/// try writer.write(thumbnail.data, to: "photo.jpg")     // throws .file(…wouldReplaceInput); photo.jpg is kept
/// ```
public struct ImageFileWriter: Sendable {
    private let writer: AtomicFileWriter

    /// A writer using the real file system.
    public init() { writer = AtomicFileWriter() }

    /// A writer that never replaces the files among `inputs` (the inputs of a run): their
    /// identities (device and inode) are taken now (an ``ImageSource/openFile(_:)``'s from its open,
    /// a path's with `stat`), and a destination that is one of them is refused with
    /// `FileError.Problem.wouldReplaceInput`. Sources in memory are ignored.
    public init(neverReplacing inputs: [ImageSource]) {
        var protected = AtomicFileWriter.identities(of: inputs.compactMap { source in
            if case .openFile = source { return nil }
            return source.platformPath
        })
        for case .openFile(let file) in inputs where protected[file.identity] == nil {
            protected[file.identity] = file.platformPath
        }
        writer = AtomicFileWriter(protectedFiles: protected)
    }

    /// A writer whose system calls are replaced, for fault-injection tests.
    package init(calls: FileSystemCalls) { writer = AtomicFileWriter(calls: calls) }

    /// Replaces the file at `path` with `bytes`.
    /// - Throws: ``ImageError/file(_:)``: the `errno` of the failed call (`ENOSPC`, `EIO`, `EACCES`,
    ///   `EROFS`, …) with its `FileOperation`, or a refused path (`FileError.Problem.notAFileName`,
    ///   `FileError.Problem.notARegularFile`, `FileError.Problem.wouldReplaceInput`).
    public func write(_ bytes: [UInt8], to path: String) throws(ImageError) {
        try write(bytes, toPathBytes: Array(path.utf8))
    }

    /// Replaces the local file that `url` names with `bytes`.
    /// - Throws: ``ImageError/notAFileURL(url:)`` for a URL that is not a `file:` URL, else as
    ///   ``write(_:to:)-(_,String)``.
    public func write(_ bytes: [UInt8], to url: URL) throws(ImageError) {
        guard url.isFileURL else { throw .notAFileURL(url: url.absoluteString) }
        try write(bytes, to: url.path(percentEncoded: false))
    }

    /// Replaces the file named by the raw bytes `pathBytes` (not necessarily UTF-8) with `bytes`.
    /// - Throws: as ``write(_:to:)-(_,String)``.
    public func write(_ bytes: [UInt8], toPathBytes pathBytes: [UInt8]) throws(ImageError) {
        do { try writer.write(bytes, to: PlatformPath(bytes: pathBytes)) } catch { throw ImageError(error) }
    }
}

extension Thumbnail {
    /// Writes ``data`` to `path` atomically with ``ImageFileWriter``.
    /// - Throws: as ``ImageFileWriter/write(_:to:)-(_,String)``.
    public func write(to path: String) throws(ImageError) {
        try ImageFileWriter().write(data, to: path)
    }

    /// Writes ``data`` to the local file that `url` names, atomically with ``ImageFileWriter``.
    /// - Throws: as ``ImageFileWriter/write(_:to:)-(_,URL)``.
    public func write(to url: URL) throws(ImageError) {
        try ImageFileWriter().write(data, to: url)
    }
}
