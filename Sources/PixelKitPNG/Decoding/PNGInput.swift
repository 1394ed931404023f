import CSpng
import PixelKit

/// The encoded PNG a decode reads: caller's bytes, pinned in memory for the whole decode (libspng
/// reads them in place), or the operation's opened file, which libspng reads as it decodes
/// through one ``PNGFileStream`` (the chunk walks read its window too).
enum PNGInput {
    case buffer(UnsafeRawBufferPointer)
    case file(PNGFileStream)

    /// Runs `body` with the input for `source`: bytes stay pinned, and a file stays open, until it returns.
    static func with<Result>(_ source: ImageSource, _ body: (PNGInput) throws(ImageError) -> Result) throws(ImageError) -> Result {
        try source.withContents { (contents) throws(ImageError) -> Result in
            switch contents {
            case .memory(let buffer):
                return try body(.buffer(buffer))
            case .file(let fileSource):
                guard let file = try fileSource.openedFile() else { throw .emptyInput }
                return try body(.file(PNGFileStream(file: file, deadline: nil)))
            }
        }
    }

    /// Up to `count` bytes from the start (a file's read at its open when they suffice).
    func leadingBytes(_ count: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .buffer(let buffer):
            return Array(buffer.prefix(count))
        case .file(let stream):
            return try stream.file.leadingBytes(count)
        }
    }

    /// Up to `count` bytes at an absolute offset (fewer past the end), without disturbing a decode.
    func bytes(atOffset offset: Int, count: Int) -> [UInt8] {
        switch self {
        case .buffer(let buffer):
            guard offset >= 0, offset < buffer.count else { return [] }
            return Array(buffer[offset..<min(buffer.count, offset + min(count, buffer.count - offset))])
        case .file(let stream):
            return stream.bytes(at: offset, count: count)
        }
    }

    /// Hands the input to a fresh libspng decoder, reading from the first byte; a file's reads stop
    /// once the task is cancelled or `deadline` has passed (`PNGFileStream`).
    func attach(to context: SpngContext, deadline: DecodeDeadline?) throws(SpngFailure) {
        switch self {
        case .buffer(let buffer):
            try context.setInput(buffer)
        case .file(let stream):
            stream.rewind()
            stream.deadline = deadline
            try context.setInput(stream)
        }
    }
}
