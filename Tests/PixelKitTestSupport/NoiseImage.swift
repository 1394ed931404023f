import PixelKit

/// Images of pseudo-random pixels: slow to compress and to decode, so a decode of one made at run
/// time lasts long enough to be interrupted (no large fixture is stored).
package enum NoiseImage {
    /// `width × height` opaque pixels from a fixed-seed generator (the same image every run).
    package static func make(width: Int, height: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> RGBAImage {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in pixels.indices where index & 3 != 3 {
            // xorshift64*: cheap and good enough for incompressible samples.
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            pixels[index] = UInt8(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 56)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
