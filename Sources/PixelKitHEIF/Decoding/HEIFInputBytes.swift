import PixelKit

/// A HEIF file's bytes, held whole in memory for libheif, which reads them for as long as its
/// context lives (`heif_context_read_from_memory_without_copy`): one allocation at an address that
/// never moves, freed when the last context using it goes away. A file is read into it directly
/// (`pread` of the operation's `ImageFile`, from offset 0, once); bytes in memory are copied into it.
final class HEIFInputBytes {
    /// The allocation; its first ``count`` bytes are the input.
    private var storage: UnsafeMutableRawBufferPointer
    /// How many bytes the input has.
    private(set) var count = 0
    /// Whether the input is a file (read here) rather than bytes that were in memory.
    private var isFile = false

    /// The input's bytes, valid as long as this object lives.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[..<count]) }

    /// Reads the whole of `source`, refusing more than `limit` bytes (the errors
    /// `ImageSource.allBytes(limit:)` gives).
    /// - Throws: ``ImageError/limitExceeded(_:)`` (``LimitViolation/inputSize(bytes:limit:)``),
    ///   ``ImageError/file(_:)`` for a failed read.
    init(_ source: ImageSource, limit: Int) throws(ImageError) {
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 1)
        if let file = try source.openedFile() {
            isFile = true
            try read(file, limit: limit)
            return
        }
        try source.withContents { (contents) throws(ImageError) in
            guard case .memory(let bytes) = contents else { return }
            guard bytes.count <= limit else { throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limit)) }
            storage.deallocate()
            storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
            storage.copyMemory(from: bytes)
            count = bytes.count
        }
    }

    deinit { storage.deallocate() }

    /// Reads `file` from its start to its end: its size at the open and one byte more, to see the
    /// end (a file grown since is read on, up to one byte past `limit`, which refuses it).
    private func read(_ file: ImageFile, limit: Int) throws(ImageError) {
        let wanted = limit < Int.max ? limit + 1 : limit
        resize(to: min(file.size < Int.max ? file.size + 1 : file.size, wanted))
        while true {
            if count == storage.count {
                guard storage.count < wanted else { break }
                resize(to: min(max(storage.count * 2, 1 << 16), wanted))
            }
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[count...]), at: count)
            if got == 0 { break }
            count += got
        }
        try check(limit: limit)
    }

    /// Refuses an input of more than `limit` bytes with the error reading it under that limit gives.
    func check(limit: Int) throws(ImageError) {
        guard count > limit else { return }
        // A file is read one byte past the limit at most: reported as `ImageFile.allBytes(limit:)` reports it.
        throw .limitExceeded(.inputSize(bytes: isFile ? limit + 1 : count, limit: limit))
    }

    /// Moves the bytes read so far to an allocation of `capacity` bytes.
    private func resize(to capacity: Int) {
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[..<count]))
        storage.deallocate()
        storage = larger
    }
}
