import Foundation
import Testing

/// `strace`, where installed.
private let straceExecutable = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// Every command that reads images opens each input once and parses its header once (issue 30):
/// the sniff, the header read, the decoders (libjpeg, the DC-scan and split decoders, libspng,
/// libwebp, giflib, libheif) and the JPEG tail check share one descriptor, and the decode continues
/// from the header instead of reading it again. Counted with `strace`, which CI installs
/// (Scripts/install-deps): the input's `open`s, and its reads at offset 0 — the 64-byte sniff and
/// the one header parse; a second parse starts at offset 0 again.
@Suite(.enabled(if: straceExecutable != nil, "strace is not installed (CI installs it with Scripts/install-deps)"))
struct OpenOnceTests {

    /// One input per decoder path: baseline JPEG (libjpeg, the split decoder), progressive JPEG (the
    /// DC-scan decoder), PNG, extended WebP (the EXIF chunk walk), HEIF, GIF.
    static let inputs = [
        "photos/rocket.jpg", "jpeg/libjpeg-turbo/testimgp.jpg", "photos/camera.png", "webp/lossy_alpha1.webp",
        "heif/example.heic", "gif/chelsea-interlaced.gif",
    ]

    /// The commands that read image files, with the input appended (`OUTPUT` is a fresh directory).
    static let commands: [[String]] = [
        ["average"], ["average", "--exact"], ["info"], ["palette"], ["theme", "from-image"], ["blurhash", "encode"],
        ["thumbnail", "--max-pixel-size", "64", "-o", "OUTPUT"], ["analyze", "--strict", "--max-pixel-size", "64", "-o", "OUTPUT"],
    ]

    @Test("each command opens its input once and reads its header once", arguments: commands, inputs)
    func opensInputOnce(command: [String], input: String) throws {
        let strace = try #require(straceExecutable)
        let path = PixelKitProcess.fixture(input)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("strace")
        let arguments = command.map { $0 == "OUTPUT" ? folder.appendingPathComponent("thumbs").path : $0 } + [path]
        let result = try PixelKitProcess.run(
            // One log per thread (`-ff`), so no call is split across lines by another thread's; no
            // buffer contents (`-s 0`). LeakSanitizer cannot run under ptrace: an AddressSanitizer
            // build (Scripts/sanitize) is traced with leak detection off (its other tests check leaks).
            ["-ff", "-s", "0", "-E", "ASAN_OPTIONS=detect_leaks=0", "-e", "trace=open,openat,openat2,pread64", "-o", log.path,
             PixelKitProcess.executable.path] + arguments,
            inputData: nil, executable: URL(fileURLWithPath: strace), timeout: .seconds(60))
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let calls = try SystemCallLog(folder: folder, prefix: log.lastPathComponent)
        let opens = calls.opens(of: path)
        let name = arguments.joined(separator: " ")
        #expect(opens.count == 1, "\(name) opened \(input) \(opens.count) times:\n\(opens.map(\.line).joined(separator: "\n"))")
        guard let descriptor = opens.first?.descriptor, opens.count == 1 else { return }
        let headerReads = calls.positionedReads(of: descriptor, at: 0)
        #expect(headerReads.count == 2, "\(name) read \(input) from offset 0 \(headerReads.count) times (the sniff and one header parse expected):\n\(headerReads.joined(separator: "\n"))")
    }
}
