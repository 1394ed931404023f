// TEMPORARY until the core's one-path protocol lands: stands in for it. Deleted at the merge.
import PixelKit

public protocol ImageDecodingSession {
    var info: ImageInfo { get }
    consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport
}

extension JXLCodec {
    public func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        try open(source, options: DecodeOptions(limits: limits)).info
    }
    public func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        try open(source, options: options).decode(options: options, into: &sink)
    }
}

extension DecodeOptions {
    func forInput(_ source: ImageSource, costPerPixel: Int = 1) -> DecodeOptions { self }
}

final class TemporaryReservation { func release() {} }
extension DecodingLimits {
    func reserveMemory(_ bytes: Int) throws(ImageError) -> TemporaryReservation {
        guard bytes <= maxMemoryBytes else { throw .limitExceeded(.memory(bytes: bytes, limit: maxMemoryBytes)) }
        return TemporaryReservation()
    }
}

extension ImageSource {
    func openedFile() throws(ImageError) -> ImageFile? {
        switch self {
        case .openFile(let file): file
        case .file(let path): try ImageFile(path: path)
        case .rawPath(let bytes): try ImageFile(rawPath: bytes)
        case .bytes, .data: nil
        }
    }
}

extension ImageFile {
    func bytes(at offset: Int, count: Int) throws(ImageError) -> [UInt8] {
        let all = try ImageSource.openFile(self).allBytes(limit: .max)
        guard offset < all.count else { return [] }
        return Array(all[offset..<min(all.count, offset + count)])
    }
}
