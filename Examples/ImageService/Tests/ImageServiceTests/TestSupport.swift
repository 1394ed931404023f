import Crypto
import Testing
import Foundation
import Hummingbird
import HummingbirdTesting
import PixelKit
@testable import ImageServiceCore

/// Fixtures, temporary storage folders and the service built for one test.
enum TestSupport {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return Array(try Data(contentsOf: url))
    }

    /// A new, empty folder, removed by the caller with `removeFolder`.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("image-service-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Every regular file under `folder`, relative to it, sorted.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// Runs `test` against the service's router on fresh storage, then removes the storage. The
    /// decode timeout is long unless a test sets it: debug builds on a loaded machine are slow.
    static func withService<T>(
        maxUploadBytes: Int = 50_000_000, storageCalls: StorageCalls = .system, thumbnailCacheBytes: Int = 64 << 20,
        maxConcurrentDecodes: Int = 2, maxQueuedDecodes: Int = 32, decodeTimeout: Duration = .seconds(300),
        decodeRate: Int = 25_000_000, formats: [ImageFormat] = ImageAnalyzer.allFormats,
        _ test: @Sendable (any TestClientProtocol, String) async throws -> T
    ) async throws -> T {
        let storage = try makeFolder()
        defer { removeFolder(storage) }
        var configuration = ServiceConfiguration(storage: storage, maxUploadBytes: maxUploadBytes, maxConcurrentDecodes: maxConcurrentDecodes,
                                                 maxQueuedDecodes: maxQueuedDecodes, decodeTimeout: decodeTimeout,
                                                 thumbnailCacheBytes: thumbnailCacheBytes, replicaName: "test-replica")
        configuration.storageCalls = storageCalls
        configuration.decodeRate = decodeRate
        configuration.formats = formats
        let executor = DecodeExecutor(threadCount: maxConcurrentDecodes)
        let app = Application(router: try buildImageRouter(configuration, decodeExecutor: executor))
        do {
            let value = try await app.test(.router) { client in try await test(client, storage) }
            try await executor.shutdown()
            return value
        } catch {
            try? await executor.shutdown()
            throw error
        }
    }

    /// The value of the first line of `GET /metrics` that starts with `name`.
    static func metric(_ name: String, from client: any TestClientProtocol) async throws -> String? {
        let text = String(buffer: try await client.execute(uri: "/metrics", method: .get) { $0 }.body)
        return text.split(separator: "\n").first { $0.hasPrefix(name) }?.split(separator: " ").last.map(String.init)
    }

    static func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }
}
