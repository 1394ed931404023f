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

    @Test("an I/O error is 503 (never 500) with the failed call and condition in the message, and leaves nothing")
    func ioError() async throws {
        let disk = FaultyDisk()
        try await TestSupport.withService(storageCalls: disk.calls) { client, storage in
            let id = try await Self.storeRocket(client)
            let before = TestSupport.files(under: storage)
            disk.fail("fsync", with: EIO, onPathsContaining: "/thumbnails/")
            let failed = try await client.execute(uri: "/v1/images/\(id)/thumbnail?size=512", method: .get) { $0 }
            #expect(failed.status == .serviceUnavailable)
            #expect(try TestSupport.json(failed.body)["error"] as? String == "the storage failed: fsync: Input/output error (errno 5)")
            #expect(TestSupport.files(under: storage) == before)
        }
    }

    /// Issue 43, row 12: with failing storage uploads got 500 while `/health` said `ok`.
    @Test("failing storage: uploads are 503 (never 500), /health says why until an image is stored again")
    func failingStorageShowsInHealth() async throws {
        let disk = FaultyDisk()
        try await TestSupport.withService(storageCalls: disk.calls) { client, storage in
            disk.fail("fsync", with: EIO, onPathsContaining: "/uploads/")
            let rocket = try TestSupport.fixture("rocket.jpg")
            let refused = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0 }
            #expect(refused.status == .serviceUnavailable)
            #expect(try TestSupport.json(refused.body)["error"] as? String == "the storage failed: fsync: Input/output error (errno 5)")
            let health = try await client.execute(uri: "/health", method: .get) { $0 }
            #expect(health.status == .serviceUnavailable)
            let report = try TestSupport.json(health.body)
            #expect(report["status"] as? String == "storage")
            #expect(report["reason"] as? String == "the storage failed: fsync: Input/output error (errno 5)")
            disk.clear()
            #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0.status } == .created)
            #expect(try await client.execute(uri: "/health", method: .get) { $0.status } == .ok)
        }
    }

    @Test("read-only storage: /health says so at once, and an upload is 503 naming it, never 500")
    func readOnlyStorage() async throws {
        guard getuid() == 0 else {
            print("skipped readOnlyStorage: a read-only bind mount needs root")
            return
        }
        try await TestSupport.withService { client, storage in
            // The storage folder, made read-only in place once the service has made its folders.
            guard Self.shell("mount --bind '\(storage)' '\(storage)' && mount -o remount,ro,bind '\(storage)'") == 0 else {
                print("skipped readOnlyStorage: mount failed")
                return
            }
            defer { _ = Self.shell("umount '\(storage)'") }
            let health = try await client.execute(uri: "/health", method: .get) { $0 }
            #expect(health.status == .serviceUnavailable)
            #expect(try TestSupport.json(health.body)["reason"] as? String == "the storage is read-only: access: Read-only file system (errno 30)")
            let refused = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: try TestSupport.fixture("rocket.jpg"))) { $0 }
            #expect(refused.status == .serviceUnavailable)
            #expect(try TestSupport.json(refused.body)["error"] as? String == "the storage is read-only: open: Read-only file system (errno 30)")
        }
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

    /// Uploads the rocket fixture (201) and returns its id.
    private static func storeRocket(_ client: any TestClientProtocol) async throws -> String {
        let rocket = try TestSupport.fixture("rocket.jpg")
        #expect(try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: rocket)) { $0.status } == .created)
        return TestSupport.sha256(rocket)
    }
}
