import PixelKit
import PixelKitJPEG
import PixelKitGIF
import PixelKitHEIF
import PixelKitPNG
import PixelKitWebP

/// The codecs the command line reads and writes.
package enum StandardCodecs {
    package static let registry = CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()])
}
