import PixelKit

/// What `JPEGCodec.decodeWithSplitDecoder` produced.
@_spi(Testing)
public struct JPEGSplitDecodeResult: Sendable {
    /// The decoded rows.
    public var image: RGBAImage
    /// Whether a second thread decoded the second half.
    public var isSplit: Bool
    /// The MCU (in scan order) where the halves met; `nil` when they did not (or there was one thread).
    public var meetingMCU: Int?
    /// libjpeg-style warnings met on the way.
    public var warnings: [DecodeWarning]
}

extension JPEGCodec {
    /// Decodes `bytes` with the split decoder whatever their size, on `threads` threads (1: the
    /// calling thread only), for comparing split and single-thread decoding. `nil` when the file is
    /// one the split decoder leaves to libjpeg. The whole image is held (tests and fuzzing only).
    /// The split decoder starts from libjpeg's parsed header, as decodes do, or with `fromImageStart`
    /// parses the markers itself from SOI (for comparing the two starts).
    /// - Throws: `ImageError`, as `decode(_:options:into:)`.
    @_spi(Testing)
    public func decodeWithSplitDecoder(
        _ bytes: [UInt8], scale: JPEGScale, threads: Int, strict: Bool = false, limits: DecodingLimits = .init(),
        fromImageStart: Bool = false
    ) throws(ImageError) -> JPEGSplitDecodeResult? {
        guard !bytes.isEmpty else { throw .emptyInput }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageError) -> JPEGSplitDecodeResult? in
            let budget = JPEGBudget(limits: limits, deadline: nil)
            var decompressor = try JPEGDecompressor(.memory(buffer), maxMemoryBytes: limits.maxMemoryBytes, strict: strict, budget: budget)
            let header = try decompressor.readHeader(limits: limits)
            try limits.check(header.size)
            guard !header.isProgressive, var decoder = try JPEGSplitDecoder(
                .memory(buffer), scale: scale, colorModel: header.colorModel, strict: strict,
                threads: threads, minimumEntropyBytes: 0, minimumSplitBytes: 0, maxMemoryBytes: limits.maxMemoryBytes, budget: budget,
                header: fromImageStart ? nil : decompressor.headerHandle)
            else { return nil }
            let size = decoder.outputSize
            var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
            var y = 0
            try pixels.withUnsafeMutableBufferPointer { (all) throws(ImageError) in
                while y < size.height {
                    let rows = try decoder.readRows(
                        into: UnsafeMutableBufferPointer(rebasing: all[(y * size.width * 4)...]),
                        stride: size.width * 4, maxRows: size.height - y)
                    if rows == 0 { break }
                    y += rows
                }
            }
            return JPEGSplitDecodeResult(
                image: RGBAImage(width: size.width, height: size.height, pixels: pixels), isSplit: decoder.isSplit,
                meetingMCU: decoder.meetingMCU, warnings: decoder.warnings)
        }
    }
}
