import PixelKit

/// The image count of an MPO (Multi-Picture Object, CIPA DC-007): a JPEG whose APP2 `MPF` segment
/// holds an MP Index IFD, whose `NumberOfImages` tag (0xB001) says how many images the file
/// carries (a stereo pair, a large preview). Read from the segment headers before the first scan,
/// never decoding an image; the first image (the JPEG itself) is what decodes deliver.
enum MPOIndex {
    /// `NumberOfImages`, or 1 for a JPEG without an MP Index.
    /// - Throws: `ImageError.limitExceeded` when it exceeds `limits.maxFrames`, or when more than
    ///   `limits.maxChunkCount` segments precede the first scan; the file's read errors.
    static func imageCount(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> Int {
        try source.withByteRanges { (read) throws(ImageError) -> Int in
            var offset = 2, segments = 0
            while true {
                let marker = try read(offset, 4)
                guard marker.count == 4, marker[0] == 0xFF else { return 1 }
                // Start of scan, end of image: no MP Index before the image data.
                if marker[1] == 0xDA || marker[1] == 0xD9 { return 1 }
                segments += 1
                guard segments <= limits.maxChunkCount else {
                    throw .limitExceeded(.chunkCount(kind: "JPEG marker segments", count: segments, limit: limits.maxChunkCount))
                }
                let length = Int(marker[2]) << 8 | Int(marker[3])
                if marker[1] == 0xE2, length >= 2 + 4 + 8, let count = numberOfImages(try read(offset + 4, length - 2)) {
                    guard count <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: count, limit: limits.maxFrames)) }
                    return max(count, 1)
                }
                // Each step moves forward by at least the marker's 2 bytes and a length of 2.
                offset += 2 + max(length, 2)
            }
        }
    }

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
