/// A header a decoder read (``ImageDecoder/readHeader(_:options:)``): the image's facts, and whatever
/// the decoder keeps to continue decoding from it. Only the decoder that read it understands the rest.
public protocol ImageHeader {
    /// The facts the header states.
    var info: ImageInfo { get }
}

extension ImageInfo: ImageHeader {
    /// The facts themselves: a decoder that keeps nothing else uses ``ImageInfo`` as its header.
    public var info: ImageInfo { self }
}
