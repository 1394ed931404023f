import PixelKit

/// Computes BlurHashes from pixels, bit-identical to the woltapp C reference encoder
/// (`blurHashForPixels` in `C/encode.c`).
///
/// ```swift
/// let encoder = try BlurHashEncoder(componentsX: 4, componentsY: 3)
/// let hash = try encoder.hash(of: image)          // "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
/// ```
///
/// Alpha is ignored (the reference drops it); pixels count with their stored color.
/// Encode from a thumbnail-sized image: the hash only holds a few cosine terms, and the work is
/// proportional to width × height × components. For files, `CodecRegistry.blurHash(of:options:)`
/// decodes reduced first.
public struct BlurHashEncoder: Sendable, Hashable {
    /// Basis functions along the width, 1…9.
    public let componentsX: Int
    /// Basis functions along the height, 1…9.
    public let componentsY: Int

    /// - Throws: `BlurHashError.componentsOutOfRange` unless both counts are in 1…9.
    public init(componentsX: Int = 4, componentsY: Int = 3) throws(BlurHashError) {
        guard (1...9).contains(componentsX), (1...9).contains(componentsY) else {
            throw .componentsOutOfRange(x: componentsX, y: componentsY)
        }
        self.componentsX = componentsX
        self.componentsY = componentsY
    }

    /// The BlurHash of an image.
    /// - Throws: `BlurHashError.emptyImage` for an image without pixels.
    public func hash(of image: RGBAImage) throws(BlurHashError) -> String {
        try components(of: image).hash
    }

    /// The unquantised coefficients of an image.
    /// - Throws: `BlurHashError.emptyImage` for an image without pixels.
    public func components(of image: RGBAImage) throws(BlurHashError) -> BlurHashComponents {
        var accumulator = BlurHashAccumulator(encoder: self)
        image.send(to: &accumulator)
        return try accumulator.components()
    }

    /// The BlurHash of packed 8-bit pixels.
    /// - Parameters:
    ///   - pixels: The rows, top to bottom, 8 bits per channel.
    ///   - width: Pixels per row (≥ 1).
    ///   - height: Rows (≥ 1).
    ///   - bytesPerRow: Distance between rows in bytes (≥ width × bytes per pixel); `nil` for tightly packed rows.
    ///   - layout: The channel order of each pixel (alpha, if any, is ignored).
    /// - Throws: `BlurHashError.emptyImage`, `.invalidBytesPerRow`, or `.pixelBufferTooSmall` when
    ///   `pixels` cannot hold the geometry.
    public func hash(
        pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerRow: Int? = nil, layout: BlurHashPixelLayout
    ) throws(BlurHashError) -> String {
        try components(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, layout: layout).hash
    }

    /// The unquantised coefficients of packed 8-bit pixels (see `hash(pixels:width:height:bytesPerRow:layout:)`).
    public func components(
        pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerRow: Int? = nil, layout: BlurHashPixelLayout
    ) throws(BlurHashError) -> BlurHashComponents {
        guard width > 0, height > 0 else { throw .emptyImage(width: width, height: height) }
        let rowBytes = width.multipliedReportingOverflow(by: layout.bytesPerPixel)
        guard !rowBytes.overflow else { throw .pixelBufferTooSmall(byteCount: pixels.count, required: .max) }
        let stride = bytesPerRow ?? rowBytes.partialValue
        guard stride >= rowBytes.partialValue else { throw .invalidBytesPerRow(stride, minimum: rowBytes.partialValue) }
        // The last row needs only its pixels, not the padding after them.
        let span = (height - 1).multipliedReportingOverflow(by: stride)
        let required = span.partialValue.addingReportingOverflow(rowBytes.partialValue)
        guard !span.overflow, !required.overflow, pixels.count >= required.partialValue else {
            throw .pixelBufferTooSmall(byteCount: pixels.count, required: span.overflow || required.overflow ? .max : required.partialValue)
        }
        var accumulator = BlurHashAccumulator(encoder: self)
        accumulator.begin(size: PixelSize(width: width, height: height))
        for y in 0..<height {
            let start = y * stride
            accumulator.add(pixels: UnsafeBufferPointer(rebasing: pixels[start..<(start + rowBytes.partialValue)]), layout: layout)
        }
        return try accumulator.components()
    }

    /// The BlurHash of packed 8-bit pixels in an array (see `hash(pixels:width:height:bytesPerRow:layout:)`).
    public func hash(
        pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int? = nil, layout: BlurHashPixelLayout
    ) throws(BlurHashError) -> String {
        try pixels.withUnsafeBufferPointer { (buffer) throws(BlurHashError) -> String in
            try hash(pixels: buffer, width: width, height: height, bytesPerRow: bytesPerRow, layout: layout)
        }
    }
}
