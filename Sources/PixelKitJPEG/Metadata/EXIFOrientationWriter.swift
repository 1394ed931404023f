import PixelKit

/// Records an EXIF orientation in a JPEG: an APP1 `Exif` segment whose TIFF IFD0 holds only the
/// Orientation tag (0x0112), placed after SOI and any JFIF APP0 segment, where readers look for it.
enum EXIFOrientationWriter {
    /// The JPEG with the segment inserted; unchanged for `.up` or bytes that don't start with SOI.
    static func inserting(_ orientation: ImageOrientation, into jpeg: [UInt8]) -> [UInt8] {
        guard orientation != .up, jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        var position = 2
        // Skip a JFIF APP0 (FF E0, big-endian length) so Exif follows it, as cameras write them.
        if jpeg.count >= position + 4, jpeg[position] == 0xFF, jpeg[position + 1] == 0xE0 {
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            if position + 2 + length <= jpeg.count { position += 2 + length }
        }
        var result = Array(jpeg[..<position])
        result += segment(for: orientation)
        result += jpeg[position...]
        return result
    }

    /// FF E1, length, "Exif\0\0", a big-endian TIFF header, IFD0 with one SHORT entry, no next IFD.
    static func segment(for orientation: ImageOrientation) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at offset 8
            0x00, 0x01,                                      // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,  // Orientation, SHORT, count 1
            0x00, UInt8(orientation.rawValue), 0x00, 0x00,   // value, padded to 4 bytes
            0x00, 0x00, 0x00, 0x00,                          // no next IFD
        ]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
