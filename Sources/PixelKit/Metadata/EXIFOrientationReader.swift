/// Reads the `Orientation` tag (0x0112) from IFD0 of an EXIF TIFF structure: the one parser for
/// every format that carries EXIF (a JPEG APP1 segment after its `Exif\0\0` signature, a WebP
/// `EXIF` chunk, a PNG `eXIf` chunk). Every offset is bounds-checked against the bytes given, and
/// nothing is allocated: damaged or hostile EXIF data yields `nil`, never a crash.
public enum EXIFOrientationReader {
    /// The `Exif\0\0` signature that opens a JPEG APP1 payload, and that some writers also put
    /// before the TIFF structure of a WebP `EXIF` or PNG `eXIf` chunk (which should hold the TIFF
    /// structure alone).
    static let signature: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The orientation in an EXIF payload that is either a TIFF structure or `Exif\0\0` followed by
    /// one, or `nil` as for ``orientation(fromTIFF:)``.
    public static func orientation(fromEXIF payload: [UInt8]) -> ImageOrientation? {
        payload.starts(with: signature) ? orientation(fromTIFF: Array(payload.dropFirst(signature.count))) : orientation(fromTIFF: payload)
    }

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
        // At most 65,535 entries, and the walk stops at the first one past the end.
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
