import PixelKit
import PixelKitColor
import PixelKitJPEG
import PixelKitGIF
import PixelKitHEIF
import PixelKitPNG
import PixelKitWebP

/// The codecs the command line reads and writes, converting colors with lcms2 (`ColorManagement`).
package enum StandardCodecs {
    package static let registry = {
        var registry = CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()])
        registry.colorTransforms = ColorManagement.shared
        return registry
    }()
}
