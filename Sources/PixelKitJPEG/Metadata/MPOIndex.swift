import PixelKit

/// The image count of an MPO (Multi-Picture Object, CIPA DC-007): a JPEG whose APP2 `MPF` segment
/// holds an MP Index IFD, whose `NumberOfImages` tag (0xB001) says how many images the file
/// carries (a stereo pair, a large preview). libjpeg's header read keeps the first such segment
/// before the first scan (`cjs_read_header`), so the count costs no read of its own; the first
/// image (the JPEG itself) is what decodes deliver.
enum MPOIndex {
    /// `NumberOfImages` from an APP2 payload that starts `MPF\0` and a TIFF header, or nil.
    static func numberOfImages(_ payload: [UInt8]) -> Int? {
        guard payload.count >= 12, payload.starts(with: Array("MPF\0".utf8)) else { return nil }
        let tiff = Array(payload.dropFirst(4))
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func value(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= tiff.count else { return nil }
            let bytes = tiff[at..<at + size]
            return (littleEndian ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = value(4, 4), let entries = value(ifd, 2) else { return nil }
        for entry in 0..<entries {
            let at = ifd + 2 + entry * 12
            guard let tag = value(at, 2) else { return nil }
            // NumberOfImages: LONG, count 1, the value in the entry itself.
            if tag == 0xB001 { return value(at + 8, 4) }
        }
        return nil
    }
}
