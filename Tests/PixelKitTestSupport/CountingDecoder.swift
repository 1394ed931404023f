import PixelKit
import PixelKitPlatform

/// A codec that counts how often it is asked to read a header (`open`) and to decode, around
/// another codec: for tests that check how many passes an operation makes over its input.
package struct CountingDecoder<Base: ImageDecoder>: ImageDecoder {
    package let base: Base
    private let counts = PThreadLocked((opens: 0, decodes: 0))

    package init(_ base: Base) { self.base = base }

    /// Header reads so far.
    package var opens: Int { counts.withLock { $0.opens } }
    /// Decodes so far.
    package var decodes: Int { counts.withLock { $0.decodes } }

    package var format: ImageFormat { base.format }
    package var signatureLength: Int { base.signatureLength }
    package func recognizes(_ leadingBytes: [UInt8]) -> Bool { base.recognizes(leadingBytes) }

    package func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        counts.withLock { $0.opens += 1 }
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
