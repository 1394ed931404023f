import PixelKit

/// Embeds an ICC profile in a WebP file libwebp's simple encoder wrote: an `ICCP` chunk right after
/// the `VP8X` chunk (whose ICC flag is set), which a simple (`VP8 `/`VP8L`-only) file gains first,
/// as the container specification orders them.
enum WebPColorProfileWriter {
    /// The `VP8X` flag announcing an `ICCP` chunk.
    static let iccFlag: UInt8 = 0x20

    /// `webp` (a `size` image) with `profile` embedded; unchanged when it is not a RIFF WebP file or
    /// would pass the 4 GiB RIFF limit.
    static func inserting(_ profile: [UInt8], into webp: [UInt8], size: PixelSize) -> [UInt8] {
        guard webp.count >= 20, webp[0..<4].elementsEqual("RIFF".utf8), webp[8..<12].elementsEqual("WEBP".utf8) else { return webp }
        var chunks = Array(webp[12...])
        let iccp = chunk("ICCP", profile)
        if chunks[0..<4].elementsEqual("VP8X".utf8) {
            chunks[8] |= iccFlag
            chunks.insert(contentsOf: iccp, at: 18)
        } else {
            let canvas = littleEndian(UInt32(size.width - 1), bytes: 3) + littleEndian(UInt32(size.height - 1), bytes: 3)
            chunks = chunk("VP8X", [iccFlag, 0, 0, 0] + canvas) + iccp + chunks
        }
        guard chunks.count + 4 <= Int(UInt32.max) else { return webp }
        return Array("RIFF".utf8) + littleEndian(UInt32(chunks.count + 4), bytes: 4) + Array("WEBP".utf8) + chunks
    }

    /// A RIFF chunk: its four-character code, little-endian size, payload, and a pad byte when odd.
    private static func chunk(_ code: String, _ payload: [UInt8]) -> [UInt8] {
        Array(code.utf8) + littleEndian(UInt32(payload.count), bytes: 4) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private static func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }
}
