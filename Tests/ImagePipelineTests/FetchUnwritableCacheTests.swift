import Foundation
import Testing

/// Issue 43, row 13: with a read-only `--cache-dir` every URL failed (exit 1). A cache that cannot be
/// written costs the cache, not the answer: the image is answered and the failed write is a warning.
@Suite("pixelkit fetch: an unwritable --cache-dir costs the cache, not the answer", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct FetchUnwritableCacheTests {
    @Test("A read-only cache folder: the image is answered from the network, with a warning, exit 0")
    func readOnlyCacheDirectory() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/rocket.jpg", .cacheable(try TestSupport.fixture("rocket.jpg"), headers: ["Cache-Control: max-age=3600"], entityTag: nil))
        let scratch = try TestSupport.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let cache = scratch + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        // Root writes through permissions: it gets a read-only file system instead.
        if getuid() == 0 {
            guard Self.shell("mount -t tmpfs -o ro,size=1m tmpfs '\(cache)'") == 0 else {
                print("skipped readOnlyCacheDirectory: mount -t tmpfs failed")
                return
            }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: cache)
        }
        defer {
            if getuid() == 0 { _ = Self.shell("umount '\(cache)'") }
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cache)
        }
        let url = server.url("/rocket.jpg").absoluteString
        let run = try await FetchProcess.runOffPool(["fetch", url, "--cache-dir", cache], environment: ["TMPDIR": scratch])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.lines.first?["cache"] as? String == "network")
        #expect(run.lines.first?["width"] as? Int == 640)
        #expect(run.standardError.contains("pixelkit: warning: \(url): disk cache not written: "), "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix(".download.") } == [])
    }

    private static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
