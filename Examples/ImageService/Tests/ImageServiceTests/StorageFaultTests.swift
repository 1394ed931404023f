#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ImageServiceCore

@Suite("Storage faults")
struct StorageFaultTests {
    @Test("a full disk while an upload is written is 507 naming the condition, and leaves no object, record or temporary file")
    func fullDiskDuringUpload() async throws {
        let rocket = try TestSupport.fixture("rocket.jpg")
        let disk = FaultyDisk()
        try await TestSupport.withService(storageCalls: disk.calls) { client, storage in
            for call in ["write", "fsync"] {
                disk.fail(call, with: ENOSPC, onPathsContaining: "/uploads/")
                let refused = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0 }
                #expect(refused.status.code == 507, "\(call)")
                #expect(try TestSupport.json(refused.body)["error"] as? String == "the storage is full: \(call): No space left on device (errno 28)")
                #expect(TestSupport.files(under: storage).isEmpty, "\(call)")
            }
            disk.clear()
            let stored = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0 }
            #expect(stored.status == .created)
        }
    }

    @Test("a full disk while a thumbnail is written is 507 for every waiting request, leaves nothing, and the next request after it succeeds")
    func fullDiskDuringThumbnail() async throws {
        let disk = FaultyDisk()
        try await TestSupport.withService(storageCalls: disk.calls) { client, storage in
            let id = try await Self.storeRocket(client)
            let before = TestSupport.files(under: storage)
            disk.fail("write", with: ENOSPC, onPathsContaining: "/thumbnails/")
            let refusals = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .get) {
                            ($0.status.code, try TestSupport.json($0.body)["error"] as? String)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for (status, message) in refusals {
                #expect(status == 507)
                #expect(message == "the storage is full: write: No space left on device (errno 28)")
            }
            #expect(TestSupport.files(under: storage) == before)

            disk.clear()
            let served = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .get) { $0 }
            #expect(served.status == .ok)
            #expect(TestSupport.files(under: storage) == before + ["thumbnails/\(id.prefix(2))/\(id)-512.jpg"])
        }
    }

    @Test("an I/O error is 500 with the failed call and condition in the message, and leaves nothing")
    func ioError() async throws {
        let disk = FaultyDisk()
        try await TestSupport.withService(storageCalls: disk.calls) { client, storage in
            let id = try await Self.storeRocket(client)
            let before = TestSupport.files(under: storage)
            disk.fail("fsync", with: EIO, onPathsContaining: "/thumbnails/")
            let failed = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .get) { $0 }
            #expect(failed.status == .internalServerError)
            #expect(try TestSupport.json(failed.body)["error"] as? String == "the storage failed: fsync: Input/output error (errno 5)")
            #expect(TestSupport.files(under: storage) == before)
        }
    }

    /// Uploads the rocket fixture (201) and returns its id.
    private static func storeRocket(_ client: any TestClientProtocol) async throws -> String {
        let rocket = try TestSupport.fixture("rocket.jpg")
        #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0.status } == .created)
        return TestSupport.sha256(rocket)
    }
}
