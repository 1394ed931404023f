import Foundation
import ImagePipeline
import PixelKit
import PixelKitJPEG
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("A process killed mid-write leaves a cache the next process uses or repairs", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct CrashTests {
    /// Large, barely compressible JPEGs, so a cache write takes long enough to be interrupted.
    private static func noiseJPEG(seed: UInt64) throws -> [UInt8] {
        var state = seed
        let width = 1800, height = 1800
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            pixels[index] = UInt8(truncatingIfNeeded: state >> 33)
            pixels[index + 1] = UInt8(truncatingIfNeeded: state >> 41)
            pixels[index + 2] = UInt8(truncatingIfNeeded: state >> 49)
        }
        return try JPEGCodec().encode(RGBAImage(width: width, height: height, pixels: pixels), options: EncodeOptions(quality: 1.0))
    }

    @Test("SIGKILL of `pixelkit fetch` at random moments never leaves an entry that reads back wrong")
    func killedWriters() async throws {
        let server = try LoopbackHTTPServer()
        let images = try await TestSupport.offPool {
            try Dictionary(uniqueKeysWithValues: (0..<6).map { index in ("/noise\(index).jpg", try Self.noiseJPEG(seed: UInt64(index + 1))) })
        }
        for (path, image) in images { server.route(path, .body(image)) }
        let cache = try TestSupport.scratchDirectory()
        let urls = images.keys.sorted().map { server.url($0).absoluteString }
        var generator = SystemRandomNumberGenerator()
        var leftovers = 0
        for round in 0..<8 {
            // Start over now and then, so that kills also land in first writes.
            if round % 3 == 0 { try? FileManager.default.removeItem(atPath: cache) }
            let child = try FetchProcess.startDiscardingOutput(["fetch"] + urls + ["--cache-dir", cache, "--jobs", "3"])
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...600, using: &generator)))
            kill(child.processIdentifier, SIGKILL)
            try await TestSupport.offPool { child.waitUntilExit() }
            leftovers += ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".tmp") }.count
            // Whatever the kill left: every entry reads back exactly, or not at all.
            let disk = try DiskCache(directory: cache)
            for url in urls {
                if let entry = disk.entry(forKey: "url:" + url) {
                    #expect(entry.data == images[String(url.split(separator: "/").last.map { "/" + $0 } ?? "")])
                }
            }
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).allSatisfy { !$0.hasSuffix(".tmp") })
        }
        // The next process completes the cache, and the one after needs no network.
        let completed = try await FetchProcess.runOffPool(["fetch"] + urls + ["--cache-dir", cache])
        #expect(completed.status == 0)
        let requestsBefore = images.keys.map { server.requests($0) }.reduce(0, +)
        let cached = try await FetchProcess.runOffPool(["fetch"] + urls + ["--cache-dir", cache])
        #expect(cached.status == 0)
        #expect(cached.lines.allSatisfy { $0["cache"] as? String == "disk" })
        #expect(images.keys.map { server.requests($0) }.reduce(0, +) == requestsBefore)
        print("killed writers left \(leftovers) temporary files over 8 rounds (swept by the next process)")
    }
}

@Suite("Two processes sharing one cache directory", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct SharedDirectoryTests {
    @Test("Two `pixelkit fetch` processes filling one directory at once both succeed and leave only whole entries")
    func concurrentProcesses() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        let portrait = try TestSupport.fixture("Landscape_6.jpg")
        let paths = (0..<8).map { "/image\($0).jpg" }
        for (index, path) in paths.enumerated() { server.route(path, .body(index % 2 == 0 ? rocket : portrait, delay: 0.05)) }
        let cache = try TestSupport.scratchDirectory()
        let urls = paths.map { server.url($0).absoluteString }
        async let first = FetchProcess.runOffPool(["fetch"] + urls + ["--cache-dir", cache, "--jobs", "4"])
        async let second = FetchProcess.runOffPool(["fetch"] + urls.reversed() + ["--cache-dir", cache, "--jobs", "4"])
        let (a, b) = try await (first, second)
        #expect(a.status == 0 && b.status == 0)
        #expect(a.lines.count == 8 && b.lines.count == 8)
        let disk = try DiskCache(directory: cache)
        for (index, url) in urls.enumerated() {
            #expect(disk.entry(forKey: "url:" + url)?.data == (index % 2 == 0 ? rocket : portrait))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).allSatisfy { $0.hasSuffix(".pkc") })
    }
}
