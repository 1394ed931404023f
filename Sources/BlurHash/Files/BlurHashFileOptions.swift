import PixelKit

/// How to compute the BlurHash of an image file.
public struct BlurHashFileOptions: Sendable, Hashable {
    /// Basis functions along the width, 1…9. Default 4.
    public var componentsX: Int
    /// Basis functions along the height, 1…9. Default 3.
    public var componentsY: Int
    /// The longest side, in pixels, of the image the hash is computed from; `nil` encodes every
    /// pixel at full resolution (bit-identical to the C reference on the decoded pixels).
    ///
    /// With a value, a larger image is decoded reduced (the codec's scaled decode, JPEG 1/8…1) to at
    /// least this size and then area-averaged in linear light down to it. Images whose longest side
    /// is at most this are encoded at full resolution anyway. Default `defaultWorkingSize` (128).
    public var workingSize: Int?
    /// Strictness and limits for the decode (its `minimumSize` is set from `workingSize`).
    public var decoding: DecodeOptions

    /// The default `workingSize`: 128 px on the longest side.
    public static let defaultWorkingSize = 128

    /// Options for `CodecRegistry.blurHash(of:options:)`; the defaults are 4×3 components on a reduced decode.
    public init(
        componentsX: Int = 4, componentsY: Int = 3, workingSize: Int? = defaultWorkingSize, decoding: DecodeOptions = .init()
    ) {
        self.componentsX = componentsX
        self.componentsY = componentsY
        self.workingSize = workingSize
        self.decoding = decoding
    }

    /// Full resolution: every decoded pixel, no reduction.
    public static func fullResolution(componentsX: Int = 4, componentsY: Int = 3, decoding: DecodeOptions = .init()) -> Self {
        Self(componentsX: componentsX, componentsY: componentsY, workingSize: nil, decoding: decoding)
    }
}
