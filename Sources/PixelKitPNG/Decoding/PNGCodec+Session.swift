import PixelKit

extension PNGCodec {
    /// A PNG opened by ``PNGCodec/open(_:options:)``: the facts, and libspng's decoder positioned at
    /// the image data, which ``decode(options:into:)`` continues from without reading the file's
    /// first bytes or the chunks before the image data again.
    ///
    /// A session continues one decode. Decoded a second time, or under options it cannot continue
    /// under (another strictness or `maxChunkBytes`, limits its facts break), it reads the header
    /// again under the decode's own options, so it fails exactly as a fresh decode would.
    public final class Session: ImageDecodingSession {
        /// The facts the header states.
        public let info: ImageInfo
        /// The `iCCP` profile's space, or sRGB (an `sRGB` chunk, or untagged; `gAMA`/`cHRM` alone are ignored).
        public let colorSpace: ColorSpace
        /// libspng's decoder positioned at the image data, until a decode takes it.
        private var prepared: PNGPreparedDecode?
        /// The source read, kept so that bytes in memory stay where libspng points while the session
        /// lives (equal addresses at the decode then mean the same bytes).
        let source: ImageSource

        init(info: ImageInfo, prepared: PNGPreparedDecode, source: ImageSource) {
            self.info = info
            colorSpace = prepared.colorSpace
            self.prepared = prepared
            self.source = source
        }

        /// Decodes rows top to bottom as 8-bit RGBA: gray replicated to RGB, 1/2/4-bit samples scaled by
        /// bit replication, palette expanded, tRNS applied as alpha (a matching gray/RGB color key gets
        /// alpha 0), 16-bit samples reduced to their high byte, no gamma correction. A file is read as
        /// it decodes, never whole. A lenient decode stops early once `sink.isSatisfied` (for interlaced
        /// images, after the last pass, which needs a whole frame checked against
        /// `limits.maxMemoryBytes`); a strict one always reads to IEND, checking every CRC, so it fails
        /// exactly when the full decode does. Cancellation and `options.deadline` are checked before
        /// every row and, for a file, at every read. The header's facts are checked against
        /// `options.limits` (with the input's pixels-per-byte limit, which opening does not check).
        /// - Throws: `ImageError` as ``PNGCodec/open(_:options:)``, plus `.limitExceeded(.chunkSize)`
        ///   for a metadata chunk above `limits.maxChunkBytes`, `.limitExceeded(.chunkCount)` for more
        ///   ancillary chunks than `limits.maxChunkCount`, `.limitExceeded(.memory)`,
        ///   `.limitExceeded(.deadline)`, `.cancelled`, and (strict) the warnings in ``PNGCodec``.
        public consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            let options = options.forInput(source)
            if let state = prepared.take(), PNGRowDecoder.canContinue(state, info: info, options: options) {
                switch state.reader.input {
                case .file:
                    // Read through the file the session opened (still open in it).
                    return try PNGRowDecoder.decode(continuing: state, info: info, options: options, into: &sink)
                case .buffer:
                    // libspng points at the bytes the open borrowed: continue only if they are still there.
                    let report = try source.withMemory(stillAt: state.bufferAddress, count: state.bufferCount) { () throws(ImageError) in
                        try PNGRowDecoder.decode(continuing: state, info: info, options: options, into: &sink)
                    }
                    if let report { return report }
                }
            }
            return try PNGCodec.decodeReadingHeader(source, options: options, into: &sink)
        }
    }
}
