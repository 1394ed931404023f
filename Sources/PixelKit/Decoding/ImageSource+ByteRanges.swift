import PixelKitPlatform

extension ImageSource {
    /// Runs `body` with a function that reads up to `count` bytes at an absolute `offset` (fewer
    /// past the end): memory borrowed in place, or the file opened once (a regular file only) and
    /// read with `pread` through the package's file reader. For codecs that walk chunk or segment
    /// headers without reading what lies between them. A read never allocates more than the input
    /// holds past `offset` (a file's size when it was opened), whatever `count` a header declared.
    package func withByteRanges<Result>(
        _ body: (_ read: (_ offset: Int, _ count: Int) throws(ImageError) -> [UInt8]) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try withContents { (contents) throws(ImageError) -> Result in
            switch contents {
            case .memory(let bytes):
                return try body { (offset, count) throws(ImageError) -> [UInt8] in
                    guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
                    return Array(bytes[offset..<offset + min(count, bytes.count - offset)])
                }
            case .file(let file):
                guard let path = file.platformPath, let descriptor = try file.openRegularFile() else { throw .emptyInput }
                let reader = RegularFileReader()
                defer { reader.calls.close(descriptor) }
                let size: Int
                switch reader.calls.status(descriptor) {
                case .success(let status): size = Int(clamping: status.size)
                case .failure(let error): throw ImageError(FileSystemError.system(path: path, operation: .status, code: error.code))
                }
                return try body { (offset, count) throws(ImageError) -> [UInt8] in
                    guard offset >= 0, offset < size, count > 0 else { return [] }
                    let count = min(count, size - offset)
                    var bytes = [UInt8](repeating: 0, count: count)
                    let outcome = bytes.withUnsafeMutableBytes { reader.calls.readAtRetrying(descriptor, $0, Int64(offset)) }
                    switch outcome {
                    case .success(let got): bytes.removeLast(count - got)
                    case .failure(let error): throw ImageError(FileSystemError.system(path: path, operation: .read, code: error.code))
                    }
                    return bytes
                }
            }
        }
    }
}
