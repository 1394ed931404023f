import Foundation
import Testing

/// `strace`, where installed.
private let straceExecutable = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// Every command that reads images opens each input once (issue 30): the sniff, the probe, the
/// decoders (libjpeg, the DC-scan and split decoders, libspng, libwebp, giflib, libheif) and the
/// JPEG tail check share one descriptor. Counted with `strace`, which CI installs (Scripts/install-deps).
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
        ["thumbnail", "--max-pixel-size", "64", "-o", "OUTPUT"],
    ]

    @Test("each command opens its input once", arguments: commands, inputs)
    func opensInputOnce(command: [String], input: String) throws {
        let strace = try #require(straceExecutable)
        let path = PixelKitProcess.fixture(input)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("strace.log").path
        let arguments = command.map { $0 == "OUTPUT" ? folder.appendingPathComponent("thumbs").path : $0 } + [path]
        let result = try PixelKitProcess.run(
            // LeakSanitizer cannot run under ptrace: an AddressSanitizer build (Scripts/sanitize) of the
            // command is traced with leak detection off (the sanitizer run's other tests check leaks).
            ["-f", "-E", "ASAN_OPTIONS=detect_leaks=0", "-e", "trace=open,openat,openat2", "-o", log, PixelKitProcess.executable.path]
                + arguments,
            inputData: nil, executable: URL(fileURLWithPath: strace), timeout: .seconds(60))
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let opens = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"\(path)\"") }
        #expect(opens.count == 1, "\(arguments.joined(separator: " ")) opened \(input) \(opens.count) times:\n\(opens.joined(separator: "\n"))")
    }
}
