import PixelKit
import PixelKitGIF
import PixelKitPlatform

/// GIF probe and decode through giflib (strict and lenient). A file is read in windows through
/// giflib's read callback rather than from memory, so each input is also written to a scratch file
/// and decoded from there: the pixels must be the bytes' pixels, or both must fail. A probe that
/// succeeds must agree with the decode's report (the decode walks the same blocks).
enum GIFFuzzTarget {
    static let codec = GIFCodec()
    static let scratchPath = "/tmp/pixelkit-fuzz-gif-\(getpid()).gif"

    static func run(_ bytes: [UInt8]) {
        // Damage inside the first frame is a warning in lenient mode, an error in strict mode.
        CodecFuzzTarget.run(codec, bytes, strictMatchesLenient: false)
        guard writeScratchFile(bytes) else { return }
        defer { unlink(scratchPath) }
        for strictness in [DecodeOptions.Strictness.lenient, .strict] {
            let options = DecodeOptions(strictness: strictness, limits: FuzzCheck.limits)
            let fromBytes = FuzzCheck.decodeChecked(codec, .bytes(bytes), options: options)
            let fromFile = FuzzCheck.decodeChecked(codec, .file(path: scratchPath), options: options)
            FuzzCheck.require(fromBytes == fromFile, "the file and its bytes decode differently")
        }
        var sink = CheckingSink()
        if let probed = try? codec.probe(.bytes(bytes), limits: FuzzCheck.limits),
           let report = try? codec.decode(.bytes(bytes), options: DecodeOptions(limits: FuzzCheck.limits), into: &sink) {
            FuzzCheck.require(report.info == probed, "the probe's facts \(probed) differ from the decode's \(report.info)")
        }
    }

    /// Replaces the scratch file's contents (no sync: the fuzzer's own file, read back at once).
    private static func writeScratchFile(_ bytes: [UInt8]) -> Bool {
        guard let file = fopen(scratchPath, "wb") else { return false }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return fclose(file) == 0 && written == bytes.count
    }
}
