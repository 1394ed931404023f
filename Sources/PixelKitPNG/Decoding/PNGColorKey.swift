import CSpng

/// The color key of a gray or RGB image's tRNS chunk, which makes the pixels of exactly that
/// sample value transparent. A key beyond what the image's bit depth can hold (a 1-bit image's
/// gray key 255) matches no pixel: such a chunk is ignored, with a warning (strict decoding refuses
/// the file), and the image reported without alpha.
enum PNGColorKey {
    /// What is wrong with `chunk`'s key for an image of `header`, or nil when it can match pixels
    /// (and for palette images, whose tRNS holds alphas, not a key).
    static func outOfRange(_ chunk: spng_trns, header: spng_ihdr) -> String? {
        let bitDepth = Int(header.bit_depth)
        guard bitDepth < 16 else { return nil }
        let largest = (1 << bitDepth) - 1
        let samples: [(String, UInt16)]
        switch UInt32(header.color_type) {
        case SPNG_COLOR_TYPE_GRAYSCALE.rawValue: samples = [("gray", chunk.gray)]
        case SPNG_COLOR_TYPE_TRUECOLOR.rawValue: samples = [("red", chunk.red), ("green", chunk.green), ("blue", chunk.blue)]
        default: return nil
        }
        guard let (name, value) = samples.first(where: { Int($0.1) > largest }) else { return nil }
        return "tRNS ignored: its \(name) key \(value) is out of range for \(bitDepth)-bit samples (0…\(largest)), so no pixel is transparent"
    }
}
