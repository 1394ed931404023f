import CGif
import PixelKit

/// An open giflib decoder (`GifFileType *` from `DGifOpen`) reading a ``GIFInput`` through its read
/// callback, closed with `DGifCloseFile` when the last reference goes. Keeps its input alive.
final class GifLibDecoder {
    let gif: UnsafeMutablePointer<GifFileType>
    let input: GIFInput

    /// Opens giflib on `input` from its position (the screen descriptor and global color table are read).
    /// - Throws: the input's read error, or giflib's error for the header.
    init(_ input: GIFInput) throws(ImageError) {
        var openError: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), { gif, bytes, count in
            guard let gif, let bytes, let user = gif.pointee.UserData, count > 0 else { return 0 }
            let input = Unmanaged<GIFInput>.fromOpaque(user).takeUnretainedValue()
            return Int32(input.read(into: UnsafeMutableRawBufferPointer(start: bytes, count: Int(count))))
        }, &openError)
        guard let opened else { throw input.failure ?? GifLibError.error(openError, "reading the header") }
        gif = opened
        self.input = input
    }

    deinit { DGifCloseFile(gif, nil) }

    /// The error for a failed giflib call: the input's read error if there was one, else giflib's.
    func failure(_ context: String) -> ImageError {
        input.failure ?? GifLibError.error(gif.pointee.Error, context)
    }
}
