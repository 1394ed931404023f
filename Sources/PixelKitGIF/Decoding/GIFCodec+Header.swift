import PixelKit

extension GIFCodec {
    /// A GIF header read once by ``GIFCodec/readHeader(_:options:)``: the facts (``info``, from the walk
    /// of the block structure) and giflib opened on the input up to the first frame's pixel data, which
    /// ``GIFCodec/decode(_:header:options:into:)`` continues from. Neither the blocks are walked nor
    /// the file's first bytes read twice.
    ///
    /// A header continues one decode. Used a second time, or for a decode whose limits its facts
    /// break, the decode reads the header again under its own options (so it fails exactly as a plain
    /// decode would).
    public struct Header: ImageHeader {
        /// The facts the header states, as ``GIFCodec/probe(_:limits:)`` reports them.
        public var info: ImageInfo { structure.info }
        /// The block walk's result.
        let structure: GIFStructure
        /// giflib's opened state, until a decode takes it.
        let prepared: TakenOnce<GIFPreparedDecode>
        /// The source read, kept so that bytes in memory stay where the input points while the header
        /// lives (equal addresses at the decode then mean the same bytes).
        let source: ImageSource
    }
}
