import CSpng
import PixelKit

/// Facts read from a PNG's IHDR chunk.
enum PNGHeader {
    /// The 8-byte PNG file signature.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Width and height as stored in IHDR, read straight from the first 24 bytes when they are the
    /// signature followed by an IHDR chunk header; nil otherwise. Lets limits be checked, with the
    /// offending size, before libspng sees the file (libspng itself rejects widths of 2³¹ and more
    /// without saying what they were).
    static func storedSize(leadingBytes bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: bigEndian(16), height: bigEndian(20))
    }

    /// What the header and the tRNS chunk, if any, say about the image: a tRNS whose color key is
    /// out of range (``PNGColorKey``) gives no alpha.
    static func info(_ ihdr: spng_ihdr, transparency: spng_trns?) -> ImageInfo {
        let hasUsableKey = transparency.map { PNGColorKey.outOfRange($0, header: ihdr) == nil } ?? false
        let colorModel: ImageInfo.ColorModel
        switch UInt32(ihdr.color_type) {
        case SPNG_COLOR_TYPE_GRAYSCALE.rawValue: colorModel = .gray
        case SPNG_COLOR_TYPE_GRAYSCALE_ALPHA.rawValue: colorModel = .grayAlpha
        case SPNG_COLOR_TYPE_INDEXED.rawValue: colorModel = .palette
        case SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue: colorModel = .rgba
        default: colorModel = .rgb
        }
        return ImageInfo(
            format: .png,
            size: PixelSize(width: Int(ihdr.width), height: Int(ihdr.height)),
            bitDepth: Int(ihdr.bit_depth),
            hasAlpha: colorModel == .grayAlpha || colorModel == .rgba || hasUsableKey,
            colorModel: colorModel,
            isProgressive: ihdr.interlace_method != 0
        )
    }
}
