import PixelKitPlatform

extension ImageSource {
    /// Runs `body` with a function that reads up to `count` bytes at an absolute `offset` (fewer
    /// past the end): memory borrowed in place, or the source's ``ImageFile`` (opened now for a path)
    /// read with `pread` at each offset. For codecs that walk chunk or segment
    /// headers without reading what lies between them. A read never allocates more than the input
    /// holds past `offset` (a file's size when it was opened), whatever `count` a header declared.
    public func withByteRanges<Result>(
        _ body: (_ read: (_ offset: Int, _ count: Int) throws(ImageError) -> [UInt8]) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try withContents { (contents) throws(ImageError) -> Result in
            switch contents {
            case .memory(let bytes):
                return try body { (offset, count) throws(ImageError) -> [UInt8] in
                    guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
                    return Array(bytes[offset..<offset + min(count, bytes.count - offset)])
                }
            case .file(let source):
                guard let file = try source.openedFile() else { throw .emptyInput }
                return try body { (offset, count) throws(ImageError) -> [UInt8] in try file.bytes(at: offset, count: count) }
            }
        }
    }
}
