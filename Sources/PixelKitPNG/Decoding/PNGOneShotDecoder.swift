import CSpng
import PixelKit

extension PNGCodec {
    /// Decodes a whole PNG in one `spng_decode_image` call — libspng's other decoding path, with the
    /// same conversions and limits as `decode` — so tests and the fuzzer can check that row streaming
    /// (and our Adam7 assembly) gives the same pixels. Strict: any CRC mismatch fails.
    /// - Throws: `ImageError`.
    @_spi(Testing)
    public func decodeWholeImage(_ bytes: [UInt8], limits: DecodingLimits = .init()) throws(ImageError) -> RGBAImage {
        try PNGInput.with(.bytes(bytes)) { (input) throws(ImageError) -> RGBAImage in
            let reader = try PNGReader(input: input, limits: limits)
            _ = try PNGChunkScan.prelude(in: input, limits: limits)
            let size: PixelSize
            let pixels: [UInt8]
            do throws(SpngFailure) {
                let context = try reader.makeDecoder(ancillaryChecksums: SPNG_CRC_ERROR)
                let header = try context.header()
                size = PixelSize(width: Int(header.width), height: Int(header.height))
                pixels = try context.decodeWholeImage(format: SPNG_FMT_RGBA8, flags: SPNG_DECODE_TRNS, maxBytes: limits.maxMemoryBytes)
                try context.finishDecode()
            } catch {
                throw reader.imageError(error)
            }
            try limits.check(size)
            guard pixels.count == size.pixelCount * 4 else {
                throw ImageError.malformed(format: .png, message: "decoded \(pixels.count) bytes for \(size)")
            }
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
        }
    }
}
