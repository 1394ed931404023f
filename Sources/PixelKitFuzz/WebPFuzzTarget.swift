import PixelKit
import PixelKitPlatform
import PixelKitWebP

/// WebP probe and decode through libwebp: full (strict and lenient), and scaled by libwebp's
/// rescaler to a small and a mid size (the fast-average and thumbnail paths). A file takes another
/// path than bytes (libwebp's incremental decoder, fed in chunks), so each input is also written to
/// a scratch file and decoded from there: the pixels must be the bytes' pixels, or both must fail.
enum WebPFuzzTarget {
    static let codec = WebPCodec()
    static let reduced = [
        DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), limits: FuzzCheck.limits),
        DecodeOptions(minimumSize: PixelSize(width: 33, height: 17), limits: FuzzCheck.limits),
    ]
    static let scratchPath = "/tmp/pixelkit-fuzz-webp-\(getpid()).webp"

    static func run(_ bytes: [UInt8]) {
        CodecFuzzTarget.run(codec, bytes, extraDecodes: reduced)
        guard writeScratchFile(bytes) else { return }
        defer { unlink(scratchPath) }
        for options in [DecodeOptions(limits: FuzzCheck.limits)] + reduced {
            let fromBytes = FuzzCheck.decodeChecked(codec, .bytes(bytes), options: options)
            let fromFile = FuzzCheck.decodeChecked(codec, .file(path: scratchPath), options: options)
            FuzzCheck.require(fromBytes == fromFile, "the file and its bytes decode differently")
        }
    }

    /// Replaces the scratch file's contents (no sync: the fuzzer's own file, read back at once).
    private static func writeScratchFile(_ bytes: [UInt8]) -> Bool {
        guard let file = fopen(scratchPath, "wb") else { return false }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return fclose(file) == 0 && written == bytes.count
    }
}
