import Foundation
import Testing
@testable import ImageServiceCore

@Suite("Image store")
struct ImageStoreTests {
    @Test("a record stored before palettes existed reads back without them, and writes back the same")
    func recordWithoutPalette() throws {
        let stored = ##"{"average":"#343D52","blurhash":"LLA,zFt7-;WB~qWBR*of-;ayM{of","bytes":5,"format":"jpeg","height":427,"id":"ab","orientation":1,"width":640}"##
        let record = try ImageRecord.decoded(from: Array(stored.utf8))
        #expect(record.palette == nil && record.source == nil && record.average == "#343D52")
        #expect(String(decoding: try record.encoded(), as: UTF8.self) == stored)
    }

    @Test("ids are exactly 64 lowercase hexadecimal characters")
    func ids() {
        #expect(ImageID(String(repeating: "0123456789abcdef", count: 4)) != nil)
        for text in ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "a", count: 63),
                     String(repeating: "a", count: 63) + "/", String(repeating: "a", count: 62) + "é"] {
            #expect(ImageID(text) == nil, "\(text)")
        }
    }

    @Test("an atomic write leaves the whole file and no temporary file, replacing an older one")
    func atomicWrite() throws {
        let folder = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(folder) }
        let files = DurableFiles()
        try files.writeAtomically(Array("first".utf8), to: folder + "/record.json")
        try files.writeAtomically(Array("second".utf8), to: folder + "/record.json")
        #expect(TestSupport.files(under: folder) == ["record.json"])
        #expect(try files.read(folder + "/record.json", limit: 100) == Array("second".utf8))
        #expect(throws: StorageError.self) { try files.read(folder + "/record.json", limit: 3) }
        #expect(throws: StorageError.self) { try files.writeAtomically([1], to: folder + "/missing-folder/x") }
        #expect(TestSupport.files(under: folder) == ["record.json"])
    }

    @Test("opening the store removes temporary files a crash left long ago, and keeps young ones (another replica's)")
    func staleTemporaryFiles() throws {
        let folder = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(folder) }
        let store = try ImageStore(root: folder)
        let stale = [store.uploadsFolder + "/.tmp-old.part", store.objectsFolder + "/ab/.tmp-old"]
        let young = [store.uploadsFolder + "/.tmp-new.part", store.objectsFolder + "/ab/.tmp-new"]
        try FileManager.default.createDirectory(atPath: store.objectsFolder + "/ab", withIntermediateDirectories: true)
        for path in stale + young { #expect(FileManager.default.createFile(atPath: path, contents: Data([1]))) }
        let longAgo = Date(timeIntervalSinceNow: -2 * ImageStore.staleTemporaryAge)
        for path in stale { try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: path) }
        _ = try ImageStore(root: folder)
        #expect(TestSupport.files(under: folder) == ["objects/ab/.tmp-new", "uploads/.tmp-new.part"])
    }

    @Test("a storage folder that cannot be created is a StorageError naming the call and path")
    func unusableRoot() throws {
        let folder = try TestSupport.makeFolder()
        defer { TestSupport.removeFolder(folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))
        #expect(throws: StorageError(call: "mkdir", path: folder + "/file/x", code: ENOTDIR)) { try ImageStore(root: folder + "/file/x") }
    }
}
