/// An encoder's streaming half: it takes an image's rows top to bottom while they are still being
/// made, so encoding overlaps the work that makes them (a thumbnail's JPEG is compressed while the
/// source's last rows are still being decoded). Its bytes equal ``ImageEncoder/encode(_:options:)``'s
/// for the same pixels and options.
///
/// An encoder is used from one thread at a time; a failed call leaves it failed.
public protocol ImageRowEncoder: AnyObject {
    /// Encodes the next row (`width * 4` bytes of RGBA8, straight alpha).
    /// - Throws: ``ImageError/encodingFailed(format:message:)``, also for a row too short or past the height.
    func consume(_ row: PixelRow) throws(ImageError)
    /// Ends the file once every row was given, and returns its bytes.
    /// - Throws: ``ImageError/encodingFailed(format:message:)``, also when rows are missing.
    func finish() throws(ImageError) -> [UInt8]
}
