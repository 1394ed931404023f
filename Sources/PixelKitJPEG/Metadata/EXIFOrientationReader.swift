import PixelKit

/// Reads the `Orientation` tag (0x0112) from IFD0 of an EXIF TIFF structure (the payload of a JPEG
/// APP1 segment after its `Exif\0\0` signature). Every offset is bounds-checked: damaged or hostile
/// EXIF data yields `nil`, never a crash.
@_spi(Testing)
public enum EXIFOrientationReader {
    /// The orientation stored in `tiff` (starting at the `II*\0` / `MM\0*` byte-order mark), or `nil`
    /// when the structure is damaged, the tag is absent, or its value is not 1…8.
    public static func orientation(fromTIFF tiff: [UInt8]) -> ImageOrientation? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        func uint16(at offset: Int) -> Int? {
            guard offset >= 0, offset <= tiff.count - 2 else { return nil }
            let (first, second) = (Int(tiff[offset]), Int(tiff[offset + 1]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        func uint32(at offset: Int) -> Int? {
            guard let high = uint16(at: bigEndian ? offset : offset + 2),
                  let low = uint16(at: bigEndian ? offset + 2 : offset) else { return nil }
            return high << 16 | low
        }
        guard uint16(at: 2) == 42, let directory = uint32(at: 4), let entryCount = uint16(at: directory) else { return nil }
        for index in 0..<entryCount {
            let entry = directory + 2 + index * 12
            guard let tag = uint16(at: entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), count ≥ 1: the value sits in the first two bytes of the value field.
            guard uint16(at: entry + 2) == 3, let count = uint32(at: entry + 4), count >= 1,
                  let value = uint16(at: entry + 8) else { return nil }
            return ImageOrientation(rawValue: value)
        }
        return nil
    }
}
