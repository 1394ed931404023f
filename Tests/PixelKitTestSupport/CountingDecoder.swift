import PixelKit
import PixelKitPlatform

/// A codec that counts how often it is asked to read a header (`open`) and to decode, and through
/// how many openings of a file, around another codec: for tests that check how many passes an
/// operation makes over its input.
package struct CountingDecoder<Base: ImageDecoder>: ImageDecoder {
    package let base: Base
    private let counts = PThreadLocked((opens: 0, decodes: 0))
    /// The openings (``ImageFile``s) header reads went through, each once; kept so that none is
    /// freed and its identity reused by a later opening.
    private let files = PThreadLocked([ImageFile]())

    package init(_ base: Base) { self.base = base }

    /// Header reads so far.
    package var opens: Int { counts.withLock { $0.opens } }
    /// Decodes so far.
    package var decodes: Int { counts.withLock { $0.decodes } }
    /// Distinct openings of a file that header reads went through (a file opened twice counts two;
    /// bytes in memory count none).
    package var fileOpenings: Int { files.withLock { $0.count } }

    package var format: ImageFormat { base.format }
    package var signatureLength: Int { base.signatureLength }
    package func recognizes(_ leadingBytes: [UInt8]) -> Bool { base.recognizes(leadingBytes) }

    package func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        counts.withLock { $0.opens += 1 }
        if case .openFile(let file) = source {
            files.withLock { files in
                if !files.contains(where: { $0 === file }) { files.append(file) }
            }
        }
        return Session(base: try base.open(source, options: options), counts: counts)
    }

    package struct Session: ImageDecodingSession {
        let base: Base.Session
        let counts: PThreadLocked<(opens: Int, decodes: Int)>

        package var info: ImageInfo { base.info }
        package var colorSpace: ColorSpace { base.colorSpace }

        package func estimateWork(options: DecodeOptions) throws(ImageError) -> DecodeWorkEstimate {
            try base.estimateWork(options: options)
        }

        package consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            counts.withLock { $0.decodes += 1 }
            return try base.decode(options: options, into: &sink)
        }
    }
}
