import PixelKit

/// The bytes of a GIF, read forward from a position that can be set back to the start: the caller's
/// memory in place, or the operation's opened file (`ImageFile`) read in 64 KiB windows with `pread`
/// at absolute offsets (so nothing else moves the position; the descriptor is borrowed). Both the block
/// walk (``GIFStructure``) and giflib's read callback take their bytes from here.
///
/// A file's first window is kept apart (the head): the block walk reads it first, and giflib, which
/// starts again from the first byte, reads it from there, so the file's start is read once.
///
/// A read that fails records its error in ``failure`` and returns fewer bytes, which giflib sees as
/// the end of the data; the decoder then throws the recorded error instead of giflib's.
final class GIFInput {
    private enum Storage {
        case memory(UnsafeRawBufferPointer)
        case file(ImageFile)
    }

    private static let windowBytes = 64 << 10

    private let storage: Storage
    /// Bytes available: the memory's count, or the file's size when opened.
    let count: Int
    /// Where bytes in memory are (nil for a file).
    var memoryAddress: UnsafeRawPointer? {
        if case .memory(let bytes) = storage { return bytes.baseAddress }
        return nil
    }
    /// Where the next read starts.
    private(set) var offset = 0
    /// The error a read met (an I/O error), if any.
    private(set) var failure: ImageError?
    private var window: [UInt8] = []
    private var windowStart = 0
    /// The file's first window, kept for a read from the start again.
    private var head: [UInt8] = []

    /// Whether this input reads `file`.
    func isReading(_ file: ImageFile) -> Bool {
        if case .file(let own) = storage { return own === file }
        return false
    }

    /// Borrows `bytes` (they must outlive the input).
    /// - Throws: `ImageError.limitExceeded(.inputSize)` when there are more than `limit` bytes.
    init(memory bytes: UnsafeRawBufferPointer, limit: Int) throws(ImageError) {
        guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
        storage = .memory(bytes)
        count = bytes.count
    }

    /// The file of `source` (a path opened now, a regular file only, refused at once otherwise).
    /// - Throws: the limit's error when the file is larger than `limit` (as `ImageSource.allBytes`),
    ///   `ImageError.file`.
    init(file source: ImageSource, limit: Int) throws(ImageError) {
        guard let file = try source.openedFile() else { throw .emptyInput }
        guard file.size <= limit else { throw .limitExceeded(.inputSize(bytes: limit + 1, limit: limit)) }
        storage = .file(file)
        count = file.size
    }

    /// Runs `body` with an input over `source`'s bytes: memory borrowed in place, or the file open.
    static func with<Result>(
        _ source: ImageSource, limit: Int, _ body: (GIFInput) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try source.withContents { (contents) throws(ImageError) -> Result in
            let input: GIFInput
            switch contents {
            case .memory(let bytes): input = try GIFInput(memory: bytes, limit: limit)
            case .file(let file): input = try GIFInput(file: file, limit: limit)
            }
            guard input.count > 0 else { throw .emptyInput }
            return try withExtendedLifetime(input) { () throws(ImageError) -> Result in try body(input) }
        }
    }

    /// Back to the first byte.
    func rewind() { offset = 0 }

    /// Copies up to `target.count` bytes from the position and moves past them; fewer at the end of
    /// the data or after a read error (recorded in ``failure``).
    func read(into target: UnsafeMutableRawBufferPointer) -> Int {
        var copied = 0
        while copied < target.count, offset < count {
            switch storage {
            case .memory(let bytes):
                let n = min(target.count - copied, count - offset)
                UnsafeMutableRawBufferPointer(rebasing: target[copied..<copied + n])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n]))
                copied += n
                offset += n
            case .file:
                if offset >= head.count, !(offset >= windowStart && offset < windowStart + window.count) {
                    guard fillWindow() else { return copied }
                }
                let (bytes, base) = offset < head.count ? (head, 0) : (window, windowStart)
                let start = offset - base
                let n = min(target.count - copied, bytes.count - start)
                bytes.withUnsafeBytes { windowBytes in
                    UnsafeMutableRawBufferPointer(rebasing: target[copied..<copied + n])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: windowBytes[start..<start + n]))
                }
                copied += n
                offset += n
            }
        }
        return copied
    }

    /// The next byte, or nil at the end of the data (or after a read error).
    func readByte() -> UInt8? {
        var byte: UInt8 = 0
        let n = withUnsafeMutableBytes(of: &byte) { read(into: $0) }
        return n == 1 ? byte : nil
    }

    /// The next `n` bytes (fewer at the end of the data).
    func read(_ n: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: n)
        let got = bytes.withUnsafeMutableBytes { read(into: $0) }
        bytes.removeLast(n - got)
        return bytes
    }

    /// Moves `n` bytes on without reading them; false when fewer than `n` are left.
    func skip(_ n: Int) -> Bool {
        guard n <= count - offset else {
            offset = count
            return false
        }
        offset += n
        return true
    }

    /// Reads the window holding the byte at `offset` (the head, at the start); false on a read
    /// error or at the end.
    private func fillWindow() -> Bool {
        guard case .file(let file) = storage, failure == nil else { return false }
        do throws(ImageError) {
            let bytes = try file.bytes(at: offset, count: Self.windowBytes)
            guard !bytes.isEmpty else { return false }
            if offset == 0 {
                head = bytes
                return true
            }
            window = bytes
            windowStart = offset
            return true
        } catch {
            failure = error
            return false
        }
    }
}
