import PixelKit

extension GIFCodec {
    /// A GIF opened by ``GIFCodec/open(_:options:)``: the facts (``info``, from the walk of the block
    /// structure) and giflib opened on the input up to the first frame's pixel data, which
    /// ``decode(options:into:)`` continues from. Neither the blocks are walked nor the file's first
    /// bytes read twice.
    ///
    /// A session continues one decode. Decoded a second time, or for a decode whose limits its facts
    /// break, it reads the header again under the decode's own options (so it fails exactly as a
    /// fresh decode would).
    public final class Session: ImageDecodingSession {
        /// The facts the header states.
        public var info: ImageInfo { structure.info }
        /// sRGB: GIF carries no color information, and every viewer reads its palette as sRGB.
        public var colorSpace: ColorSpace { .sRGB }
        /// The block walk's result.
        private let structure: GIFStructure
        /// giflib's opened state, until a decode takes it.
        private var prepared: GIFPreparedDecode?
        /// The source read, kept so that bytes in memory stay where the input points while the
        /// session lives (equal addresses at the decode then mean the same bytes).
        private let source: ImageSource

        init(structure: GIFStructure, prepared: GIFPreparedDecode, source: ImageSource) {
            self.structure = structure
            self.prepared = prepared
            self.source = source
        }

        /// Decodes the first frame on its canvas, top to bottom, as straight-alpha RGBA8 (always at
        /// full size: GIF has no reduced decode), continuing from the header. The header's facts are
        /// checked against `options.limits` (with the input's pixels-per-byte limit, which opening
        /// does not check).
        /// - Throws: `ImageError` as ``GIFCodec/open(_:options:)``, plus `.limitExceeded(.memory)` when
        ///   an interlaced frame's indices exceed the memory limit, and in strict mode the damage listed
        ///   in ``GIFCodec``'s documentation; `.cancelled` or the deadline's limit when interrupted.
        public consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            let options = GIFCodec.decoding(source, options)
            if let state = prepared.take(), state.input.count <= options.limits.maxInputBytes, structure.passes(options.limits) {
                if state.bufferAddress == nil {
                    // A file, read through the opening the session holds.
                    return try GIFRowDecoder.decode(continuing: state, structure, options: options, into: &sink)
                }
                // The input points at the bytes the open borrowed: continue only if they are still there.
                let report = try source.withMemory(stillAt: state.bufferAddress, count: state.bufferCount) { () throws(ImageError) in
                    try GIFRowDecoder.decode(continuing: state, structure, options: options, into: &sink)
                }
                if let report { return report }
            }
            return try GIFCodec.decodeReadingHeader(source, options: options, into: &sink)
        }
    }
}
