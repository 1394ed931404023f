/// Content-addressed storage in one folder, safe against a crash at any moment:
///
/// ```
/// STORAGE/uploads/<random>.part           an upload being received
/// STORAGE/objects/ab/<id>                 the original bytes (id = SHA-256, "ab" its first two digits)
/// STORAGE/objects/ab/<id>.json            its ImageRecord: written last, so it marks a complete image
/// STORAGE/thumbnails/ab/<id>-<size>.jpg   thumbnails: the smallest made at upload, the others on first request
/// ```
///
/// Every file appears by `rename` after `fsync`, and the folder is synced after the rename, so a
/// `SIGKILL` or power cut leaves only whole files. An image exists once its record does; the
/// record is written (and synced) before the upload is acknowledged. Several processes may share
/// the folder: objects are immutable and named by their content, so concurrent writers of the
/// same id write the same bytes.
///
/// Every method blocks on the file system: call them from a thread pool.
public struct ImageStore: Sendable {
    /// The storage folder.
    public let root: String
    let files: DurableFiles

    /// Largest record file read back (a record is a few hundred bytes).
    static let maxRecordBytes = 64 << 10
    /// Temporary files older than this are left over from a crash and are removed at startup.
    /// Younger ones may belong to another process sharing the folder.
    static let staleTemporaryAge: Double = 3600

    /// Opens (creating if needed) the storage at `root`, and removes temporary files a crash left behind.
    public init(root: String) throws(StorageError) {
        try self.init(root: root, files: DurableFiles())
    }

    /// Opens the storage at `root`, writing through `files` (tests pass ones that inject faults).
    init(root: String, files: DurableFiles) throws(StorageError) {
        self.files = files
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        for folder in [self.root, uploadsFolder, objectsFolder, thumbnailsFolder] { try files.makeFolder(folder) }
        removeStaleTemporaryFiles()
    }

    var uploadsFolder: String { root + "/uploads" }
    var objectsFolder: String { root + "/objects" }
    var thumbnailsFolder: String { root + "/thumbnails" }

    /// Where the original bytes of `id` are.
    public func objectPath(_ id: ImageID) -> String { "\(objectsFolder)/\(id.shard)/\(id.hex)" }
    /// Where the record of `id` is.
    public func recordPath(_ id: ImageID) -> String { objectPath(id) + ".json" }
    /// Where the thumbnail of `id` with longest side `size` is.
    public func thumbnailPath(_ id: ImageID, size: Int) -> String { "\(thumbnailsFolder)/\(id.shard)/\(id.hex)-\(size).jpg" }

    /// A fresh path for receiving an upload.
    func newUploadPath() -> String {
        "\(uploadsFolder)/\(DurableFiles.temporaryPrefix)\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).part"
    }

    /// The stored JSON of `id`'s record, or `nil` if there is no such image.
    public func recordJSON(_ id: ImageID) throws(StorageError) -> [UInt8]? {
        try files.read(recordPath(id), limit: Self.maxRecordBytes)
    }

    /// The record of `id`, or `nil` if there is no such image.
    public func record(_ id: ImageID) throws -> ImageRecord? {
        guard let json = try recordJSON(id) else { return nil }
        return try ImageRecord.decoded(from: json)
    }

    /// Moves a received, synced upload into place as `id`'s original and writes its record: after
    /// this returns, the image survives a crash.
    func commit(upload: String, as id: ImageID, record: ImageRecord) throws(StorageError) {
        try files.makeFolder("\(objectsFolder)/\(id.shard)")
        try files.commit(upload, to: objectPath(id))
        let json: [UInt8]
        do { json = try record.encoded() } catch { throw StorageError(call: "encode", path: recordPath(id), code: EINVAL) }
        try files.writeAtomically(json, to: recordPath(id))
    }

    /// Stores a thumbnail, atomically.
    func storeThumbnail(_ bytes: [UInt8], of id: ImageID, size: Int) throws(StorageError) {
        try files.makeFolder("\(thumbnailsFolder)/\(id.shard)")
        try files.writeAtomically(bytes, to: thumbnailPath(id, size: size))
    }

    /// Whether a thumbnail is stored.
    func hasThumbnail(of id: ImageID, size: Int) -> Bool {
        files.isFile(thumbnailPath(id, size: size))
    }

    /// Removes temporary files older than ``staleTemporaryAge`` (uploads cut off by a crash).
    /// An object without a record is left: its bytes are complete, and a re-upload replaces it.
    func removeStaleTemporaryFiles() {
        var folders = [uploadsFolder]
        for top in [objectsFolder, thumbnailsFolder] {
            folders += files.names(in: top).map { "\(top)/\($0)" }
        }
        for folder in folders {
            for name in files.names(in: folder) where name.hasPrefix(DurableFiles.temporaryPrefix) {
                let path = "\(folder)/\(name)"
                if let age = files.age(of: path), age > Self.staleTemporaryAge { files.remove(path) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
