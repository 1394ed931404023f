import PixelKit
import PixelKitPlatform

/// `ToyPNMCodec` with a header of its own, counting how the registry reads and decodes: which
/// entry points run, and which header each `decode(_:header:options:into:)` continues from.
struct HeaderCountingCodec: ImageDecoder {
    /// A header read, numbered in reading order.
    struct Header: ImageHeader {
        var info: ImageInfo
        var serial: Int
    }

    struct Calls: Equatable {
        var probes = 0
        var headerReads = 0
        var plainDecodes = 0
        /// The serial of the header each `decode(_:header:…)` was handed.
        var headerDecodes: [Int] = []
    }

    let pnm = ToyPNMCodec()
    let calls = PThreadLocked(Calls())

    var format: ImageFormat { pnm.format }
    var signatureLength: Int { pnm.signatureLength }
    func recognizes(_ leadingBytes: [UInt8]) -> Bool { pnm.recognizes(leadingBytes) }

    func probe(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> ImageInfo {
        calls.withLock { $0.probes += 1 }
        return try pnm.probe(source, limits: limits)
    }

    func decode<Sink: RowSink>(_ source: ImageSource, options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
        calls.withLock { $0.plainDecodes += 1 }
        return try pnm.decode(source, options: options, into: &sink)
    }

    func readHeader(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Header {
        let info = try pnm.probe(source, limits: options.limits)
        let serial = calls.withLock { calls in
            calls.headerReads += 1
            return calls.headerReads
        }
        return Header(info: info, serial: serial)
    }

    func decode<Sink: RowSink>(
        _ source: ImageSource, header: Header, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        calls.withLock { $0.headerDecodes.append(header.serial) }
        try options.limits.check(header.info.size)
        return try pnm.decode(source, options: options, into: &sink)
    }
}
