import Foundation
import ImagePipeline
import Testing

/// Issue 30, "one error voice": a `file` URL's failures and the disk cache's are
/// ``ImagePipelineError/file(_:)`` carrying the package's one `FileError`: the pipeline now names
/// the kind ("is a FIFO, not a regular file"), as the core does.
@Suite("ImagePipeline's file errors: one vocabulary")
struct PipelineFileErrorVocabularyTests {
    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-file-errors-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func loadError(_ path: String) async -> ImagePipelineError? {
        let pipeline = TestSupport.pipeline(urlSession: true)
        return await TestSupport.error { () async throws(ImagePipelineError) in
            try await pipeline.data(for: ImageRequest(url: URL(fileURLWithPath: path)))
        }
    }

    @Test func aMissingFileIsAnOpenWithENOENT() async {
        let missing = "/nonexistent-\(UUID())/photo.jpg"
        let error = await Self.loadError(missing)
        #expect(error == .file(FileError(path: missing, operation: .open, errno: ENOENT)))
        #expect(error?.description == "cannot read \(missing): No such file or directory (errno 2)")
    }

    @Test func aDirectoryAndAFIFOSayWhatTheyAre() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(await Self.loadError(folder) == .file(FileError(path: folder, operation: .open, problem: .notARegularFile(.directory))))
        let error = await Self.loadError(fifo)
        #expect(error?.fileError?.kind == .fifo)
        #expect(error?.description == "\(fifo) is a FIFO, not a regular file")
    }

    @Test func aCacheFolderThatCannotBeCreatedNamesTheOperation() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let error = #expect(throws: ImagePipelineError.self) { try DiskCache(directory: file + "/cache") }
        #expect(error?.fileError == FileError(path: file + "/cache", operation: .createDirectory, errno: ENOTDIR))
    }
}
