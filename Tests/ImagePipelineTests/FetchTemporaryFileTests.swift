import Foundation
import Testing

/// `fetch` streams each body into `.download.<pid>-<random>.tmp` (in `$TMPDIR` without
/// `--cache-dir`). SIGTERM and SIGHUP left that file behind every time, SIGINT left it and exited 1,
/// and a `--strict` failure left it in about one run in six: nobody sweeps `$TMPDIR`.
@Suite("pixelkit fetch: no temporary download left by a signal or a failure", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct FetchTemporaryFileTests {
    @Test("A signal mid-download removes the temporary file and ends the process by that signal (130 for SIGINT)", arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalMidDownload(signalNumber: Int32) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/slow.jpg", .slow(try TestSupport.fixture("rocket.jpg"), interval: 0.01))
        let temporary = try TestSupport.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let process = try FetchProcess.startDiscardingOutput(
            ["fetch", server.url("/slow.jpg").absoluteString, "--timeout", "120"], environment: ["TMPDIR": temporary])
        let downloading = await TestSupport.eventually(within: 60) { !Self.downloads(in: temporary).isEmpty }
        #expect(downloading, "no temporary download appeared")
        kill(process.processIdentifier, signalNumber)
        try await TestSupport.offPool { process.waitUntilExit() }
        // A shell reports a process ended by SIGINT as status 130 (128 + 2).
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signalNumber)
        #expect(Self.downloads(in: temporary) == [])
    }

    @Test("A --strict failure (a damaged JPEG) leaves no temporary download, run after run")
    func strictFailure() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let rocket = try TestSupport.fixture("rocket.jpg")
        // Several damaged images per run, four at once: bodies still held when the run ends.
        let urls = (0..<8).map { index in
            server.route("/half\(index).jpg", .undeclaredLength(Array(rocket.prefix(rocket.count / 2 + index))))
            return server.url("/half\(index).jpg").absoluteString
        }
        let temporary = try TestSupport.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        for _ in 0..<8 {
            let run = try await FetchProcess.runOffPool(["fetch"] + urls + ["--strict", "--jobs", "4"], environment: ["TMPDIR": temporary])
            #expect(run.status == 1)
            #expect(Self.downloads(in: temporary) == [])
        }
    }

    private static func downloads(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(".download.") }
    }
}
