import PixelKit
import PixelKitPlatform

/// `ToyPNMCodec`, counting how the registry opens and decodes: how many sessions it opens, and
/// which session (numbered in opening order) each decode continues from.
struct HeaderCountingCodec: ImageDecoder {
    struct Calls: Equatable {
        var opens = 0
        /// The number of the session each decode was made by.
        var decodes: [Int] = []
    }

    /// `ToyPNMCodec`'s session, numbered.
    struct Session: ImageDecodingSession {
        let counted: ToyPNMCodec.Session
        let number: Int
        let calls: PThreadLocked<Calls>

        var info: ImageInfo { counted.info }
        var colorSpace: ColorSpace { counted.colorSpace }

        consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            calls.withLock { $0.decodes.append(number) }
            return try counted.decode(options: options, into: &sink)
        }
    }

    let pnm = ToyPNMCodec()
    let calls = PThreadLocked(Calls())

    var format: ImageFormat { pnm.format }
    var signatureLength: Int { pnm.signatureLength }
    func recognizes(_ leadingBytes: [UInt8]) -> Bool { pnm.recognizes(leadingBytes) }

    func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session {
        let counted = try pnm.open(source, options: options)
        let number = calls.withLock { calls in
            calls.opens += 1
            return calls.opens
        }
        return Session(counted: counted, number: number, calls: calls)
    }
}
