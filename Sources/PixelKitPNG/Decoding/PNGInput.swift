import CSpng
import PixelKit

/// The encoded PNG a decode reads: caller's bytes, pinned in memory for the whole decode (libspng
/// reads them in place), or an open file that libspng reads as it decodes.
enum PNGInput {
    case buffer(UnsafeRawBufferPointer)
    case file(CFile)

    /// Runs `body` with the input for `source`: bytes stay pinned, and a file stays open, until it returns.
    static func with<Result>(_ source: ImageSource, _ body: (PNGInput) throws(ImageError) -> Result) throws(ImageError) -> Result {
        try source.withContents { (contents) throws(ImageError) -> Result in
            switch contents {
            case .memory(let buffer):
                return try body(.buffer(buffer))
            case .file(let fileSource):
                let file = try CFile(readingFrom: fileSource)
                return try withExtendedLifetime(file) { () throws(ImageError) -> Result in try body(.file(file)) }
            }
        }
    }

    /// Up to `count` bytes from the start, leaving a file positioned at its start again.
    func leadingBytes(_ count: Int) throws(ImageError) -> [UInt8] {
        switch self {
        case .buffer(let buffer):
            return Array(buffer.prefix(count))
        case .file(let file):
            file.rewindToStart()
            defer { file.rewindToStart() }
            return try file.read(upTo: count)
        }
    }

    /// Up to `count` bytes at an absolute offset (fewer past the end), without disturbing a decode.
    func bytes(atOffset offset: Int, count: Int) -> [UInt8] {
        switch self {
        case .buffer(let buffer):
            guard offset >= 0, offset < buffer.count else { return [] }
            return Array(buffer[offset..<min(buffer.count, offset + min(count, buffer.count - offset))])
        case .file(let file):
            return file.read(upTo: count, atOffset: offset)
        }
    }

    /// Hands the input to a fresh libspng decoder, reading from the first byte; a file's reads stop
    /// once the task is cancelled or `deadline` has passed (`PNGFileStream`).
    func attach(to context: SpngContext, deadline: DecodeDeadline?) throws(SpngFailure) {
        switch self {
        case .buffer(let buffer):
            try context.setInput(buffer)
        case .file(let file):
            file.rewindToStart()
            try context.setInput(PNGFileStream(file: file, deadline: deadline))
        }
    }
}
