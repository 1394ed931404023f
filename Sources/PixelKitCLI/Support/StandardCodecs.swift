import PixelKit
import PixelKitJPEG
import PixelKitPNG

/// The codecs the command line reads and writes.
enum StandardCodecs {
    static let registry = CodecRegistry([JPEGCodec(), PNGCodec()])
}
