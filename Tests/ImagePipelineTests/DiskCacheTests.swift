import Foundation
import ImagePipeline
import PixelKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Disk cache of raw bytes: verified entries, repair, LRU, restarts")
struct DiskCacheTests {
    private let summary = ImageSummary(
        info: ImageInfo(format: .jpeg, size: PixelSize(width: 640, height: 427), orientation: .right),
        byteCount: 5, averageColor: RGBAColor(red: 52.5, green: 61.25, blue: 82, alpha: 255), blurHash: "L87d^K%i9Zad0MRj-mfR##jDNKkC")

    @Test("An entry reads back byte for byte, with its summary, and its file name is a hash inside the directory")
    func roundTrip() throws {
        let directory = try TestSupport.scratchDirectory()
        let disk = try DiskCache(directory: directory)
        let key = "url:http://example.com/../../etc/passwd?x=/.."
        try disk.store([1, 2, 3, 4, 5], summary: summary, forKey: key)
        let entry = try #require(disk.entry(forKey: key))
        #expect(entry.data == [1, 2, 3, 4, 5])
        #expect(entry.summary == summary)
        #expect(disk.summary(forKey: key) == summary)
        let path = disk.path(forKey: key)
        #expect(path.hasPrefix(directory + "/") && !path.dropFirst(directory.count + 1).contains("/"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [String(path.dropFirst(directory.count + 1))])
        #expect(disk.entry(forKey: "url:http://example.com/other") == nil)
    }

    @Test("Torn (truncated) and tampered entries are discarded, never returned", arguments: ["truncate", "data", "summary", "header", "extended"])
    func damagedEntries(damage: String) throws {
        let directory = try TestSupport.scratchDirectory()
        let disk = try DiskCache(directory: directory)
        let key = "url:http://example.com/a.jpg"
        let data = try TestSupport.fixture("rocket.jpg")
        try disk.store(data, summary: summary, forKey: key)
        let path = disk.path(forKey: key)
        var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch damage {
        case "truncate": file.removeLast(1000)
        case "data": file[file.count - 500] ^= 0x01
        case "summary": file[45] ^= 0x20
        case "header": file[9] = 7
        default: file.append(0)
        }
        try Data(file).write(to: URL(fileURLWithPath: path))
        #expect(disk.entry(forKey: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A damaged entry under a pipeline is reloaded from the network and repaired")
    func pipelineRepairs() async throws {
        let server = try LoopbackHTTPServer()
        let rocket = try TestSupport.fixture("rocket.jpg")
        server.route("/rocket.jpg", .body(rocket))
        let directory = try TestSupport.scratchDirectory()
        let url = server.url("/rocket.jpg")
        let first = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        #expect(try await first.data(for: ImageRequest(url: url)) == rocket)
        let disk = try DiskCache(directory: directory)
        let path = disk.path(forKey: ImageRequestSource.url(url).cacheKey)
        var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        file[file.count / 2] ^= 0xFF
        try Data(file).write(to: URL(fileURLWithPath: path))
        // A fresh pipeline (as after a restart) must not decode the altered bytes.
        let second = TestSupport.pipeline(diskCache: disk)
        let image = try await second.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 64)))
        #expect(image.origin == .network)
        #expect(server.requests("/rocket.jpg") == 2)
        #expect(disk.entry(forKey: ImageRequestSource.url(url).cacheKey)?.data == rocket)
    }

    @Test("After a restart the disk cache answers: no request, and the placeholder needs no decode")
    func survivesRestart() async throws {
        let server = try LoopbackHTTPServer()
        server.route("/rocket.jpg", .body(try TestSupport.fixture("rocket.jpg")))
        let directory = try TestSupport.scratchDirectory()
        let url = server.url("/rocket.jpg")
        let first = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        let original = try await first.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 64)))
        #expect(original.origin == .network)

        let second = TestSupport.pipeline(diskCache: try DiskCache(directory: directory))
        let stored = try #require(second.storedSummary(for: .url(url)))
        #expect(stored.info.size == PixelSize(width: 640, height: 427))
        #expect(stored.averageColor == original.averageColor && stored.blurHash == original.blurHash)
        let placeholder = try await second.image(for: ImageRequest(url: url, preparation: .placeholder))
        #expect(placeholder.origin == .disk)
        #expect(placeholder.blurHash == original.blurHash)
        #expect(second.metrics.decodes == 0)
        let resized = try await second.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 200)))
        #expect(resized.origin == .disk)
        #expect(resized.thumbnail?.size == PixelSize(width: 200, height: 133))
        #expect(server.requests("/rocket.jpg") == 1)
    }

    @Test("Least recently used entries go first when the byte limit is passed")
    func leastRecentlyUsedTrim() throws {
        let directory = try TestSupport.scratchDirectory()
        let disk = try DiskCache(directory: directory, byteLimit: 3 * 1400)
        let payload = [UInt8](repeating: 9, count: 1000)
        for name in ["a", "b", "c"] {
            try disk.store(payload, summary: summary, forKey: name)
            // Modification times must differ for the order to be defined.
            usleep(20_000)
        }
        #expect(disk.entry(forKey: "a") != nil)   // "a" is now the most recently used
        usleep(20_000)
        try disk.store(payload, summary: summary, forKey: "d")
        #expect(disk.entry(forKey: "b") == nil)
        #expect(disk.entry(forKey: "a") != nil && disk.entry(forKey: "c") != nil && disk.entry(forKey: "d") != nil)
        #expect(disk.totalBytes <= 3 * 1400)
    }

    @Test("Temporary files of dead writers are swept on open; live ones are left alone")
    func sweepsAbandonedTemporaryFiles() throws {
        let directory = try TestSupport.scratchDirectory()
        // Named as the atomic writer names them: `.<entry>.<pid>-<random>.tmp`.
        let dead = directory + "/.00000000000000ab.pkc.999999999-abc.tmp"
        let live = directory + "/.00000000000000ab.pkc.\(getpid())-def.tmp"
        let foreign = directory + "/.notes.tmp"
        #expect(FileManager.default.createFile(atPath: dead, contents: Data([1, 2, 3])))
        #expect(FileManager.default.createFile(atPath: live, contents: Data([1, 2, 3])))
        #expect(FileManager.default.createFile(atPath: foreign, contents: Data([1, 2, 3])))
        _ = try DiskCache(directory: directory)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: foreign))
    }

    @Test("A file where the cache directory should be is a typed error")
    func directoryIsAFile() throws {
        let directory = try TestSupport.scratchDirectory()
        let path = directory + "/file"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1])))
        #expect(throws: ImagePipelineError.file(FileError(path: path, operation: .createDirectory, errno: ENOTDIR))) { try DiskCache(directory: path) }
    }
}
