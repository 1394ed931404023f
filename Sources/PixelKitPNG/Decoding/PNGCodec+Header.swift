import PixelKit

extension PNGCodec {
    /// A PNG header read once by ``PNGCodec/readHeader(_:options:)``: the facts (``info``: IHDR, tRNS,
    /// the `eXIf` orientation, the frames an APNG declares) and the libspng decoder that read them,
    /// positioned after the chunks before the image data, which
    /// ``PNGCodec/decode(_:header:options:into:)`` continues from. Neither the file's first bytes nor
    /// any chunk before the image data is read twice.
    ///
    /// A header continues one decode. Used a second time, or for a decode whose strictness or
    /// `maxChunkBytes` differ from the reading's, or whose limits its facts break, the decode reads the
    /// header again under its own options (so it fails exactly as a plain decode would).
    public struct Header: ImageHeader {
        /// The facts the header states, as ``PNGCodec/probe(_:limits:)`` reports them.
        public let info: ImageInfo
        /// The decoder that read them, until a decode takes it.
        let prepared: TakenOnce<PNGPreparedDecode>
        /// The source read, kept so that bytes in memory stay where the decoder points while the
        /// header lives (equal addresses at the decode then mean the same bytes).
        let source: ImageSource
    }
}
