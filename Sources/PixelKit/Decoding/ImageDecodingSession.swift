/// One input opened by a decoder (``ImageDecoder/open(_:options:)``): it holds its source, states
/// the header's facts, and decodes once, continuing from the header without reading it again.
///
/// A session is for one decode, as Nuke's decoders are "one-shot objects created for a single image
/// decoding session". ``ImageReader`` enforces that at compile time (it is non-copyable); a codec's
/// own session type decoded a second time must still be correct: it reads its header again.
/// Sessions need not be `Sendable` (a library's state may be tied to the thread that opened it):
/// use one on one thread at a time.
public protocol ImageDecodingSession {
    /// The facts the header states.
    var info: ImageInfo { get }
    /// Decodes rows top to bottom into `sink`, continuing from the header, at full size or (when
    /// `options.minimumSize` allows) a cheaper reduced size, never allocating more than
    /// `options.limits` allow (the header's facts are checked against them again). `options`'
    /// strictness and deadline govern the decode.
    /// - Throws: ``ImageError``.
    consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport
}
