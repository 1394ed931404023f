import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// The imaging API as a Foundation user meets it: `Data` and file `URL`s in, typed errors that
/// name the file out.
@Suite("Data and URL sources")
struct FoundationSourceTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    static let files = ["photos/rocket.jpg", "photos/camera.png"]

    /// A scratch directory removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: files)
    func dataAndURLGiveTheSameResultsAsPathsAndBytes(_ file: String) throws {
        let path = Fixtures.path(file)
        let url = URL(filePath: path)
        let bytes = try Fixtures.bytes(file)
        let data = try Data(contentsOf: url)
        let byPath = try Self.codecs.averageColor(of: path)
        #expect(try Self.codecs.averageColor(of: url) == byPath)
        #expect(try Self.codecs.averageColor(of: data) == byPath)
        #expect(try Self.codecs.averageColor(of: bytes) == byPath)
        #expect(try Self.codecs.averageColor(of: ImageSource(data)) == byPath)
        #expect(try Self.codecs.probe(url) == byPath.info)
        #expect(try Self.codecs.probe(ImageSource(data)) == byPath.info)

        let thumbnailer = Thumbnailer(codecs: Self.codecs, options: ThumbnailOptions(maxPixelSize: 64))
        let thumbnail = try thumbnailer.thumbnail(of: path)
        #expect(try thumbnailer.thumbnail(of: url) == thumbnail)
        #expect(try thumbnailer.thumbnail(of: data) == thumbnail)
    }

    @Test func dataSlicesAreReadFromTheirOwnStart() throws {
        let bytes = try Fixtures.bytes("photos/rocket.jpg")
        let padded = Data([0x00, 0x01, 0x02] + bytes + [0x03])
        let slice = padded.dropFirst(3).dropLast()
        #expect(slice.startIndex == 3)
        #expect(try Self.codecs.averageColor(of: slice) == Self.codecs.averageColor(of: bytes))
        #expect(throws: ImageError.emptyInput) { try Self.codecs.averageColor(of: Data()) }
    }

    @Test func fileURLsWithSpacesAndPercentSignsAreDecodedPaths() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("a photo 100%20.jpg")
        try Data(Fixtures.bytes("photos/rocket.jpg")).write(to: copy)
        let source = try ImageSource(copy)
        #expect(source == .file(path: directory.path + "/a photo 100%20.jpg"))
        #expect(try Self.codecs.averageColor(of: copy) == Self.codecs.averageColor(of: Fixtures.path("photos/rocket.jpg")))
    }

    @Test func aURLThatIsNoFileIsATypedError() throws {
        let url = try #require(URL(string: "https://example.com/photo.jpg"))
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/photo.jpg")) { try ImageSource(url) }
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/photo.jpg")) { try Self.codecs.averageColor(of: url) }
        let thumbnailer = Thumbnailer(codecs: Self.codecs)
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/photo.jpg")) { try thumbnailer.thumbnail(of: url) }
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/photo.jpg")) { try Self.codecs.probe(url) }
    }

    /// The reproducer of issue 15: `localizedDescription` printed "The operation could not be
    /// completed. (PixelKit.ImageError error 2.)" and did not name the file.
    @Test func fileErrorsNameTheFileAndKeepTheirKind() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cut = directory.appendingPathComponent("photo.jpg")
        let bytes = try Fixtures.bytes("photos/rocket.jpg")
        try Data(bytes.prefix(bytes.count / 2)).write(to: cut)
        let strict = AverageOptions(decoding: DecodeOptions(strictness: .strict))
        do {
            _ = try Self.codecs.averageColor(of: cut, options: strict)
            Issue.record("a truncated file averaged in strict mode")
        } catch {
            guard case .truncated(.jpeg, let message) = error.kind else { Issue.record("\(error)"); return }
            #expect(error.path == cut.path)
            #expect(error.localizedDescription == "\(cut.path): truncated jpeg: \(message)")
            #expect((error as any Error).localizedDescription == error.description)
            #expect(error.kind.description == "truncated jpeg: \(message)")
        }

        let thumbnailer = Thumbnailer(codecs: Self.codecs, options: ThumbnailOptions(decoding: DecodeOptions(strictness: .strict)))
        let thumbnailError = #expect(throws: ImageError.self) { try thumbnailer.thumbnail(of: cut) }
        #expect(thumbnailError?.path == cut.path)
        #expect(thumbnailError?.localizedDescription.hasPrefix("\(cut.path): truncated jpeg: ") == true)

        // Not an image: the message says so and names the file; in memory there is no file to name.
        let text = directory.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: text)
        let unknown = #expect(throws: ImageError.self) { try Self.codecs.probe(text) }
        #expect(unknown?.localizedDescription.hasPrefix("\(text.path): unknown image format") == true)
        let inMemory = #expect(throws: ImageError.self) { try Self.codecs.probe(ImageSource(Data("hello".utf8))) }
        #expect(inMemory?.path == nil)
        #expect(inMemory?.localizedDescription.hasPrefix("unknown image format") == true)

        // A missing file already names itself; it is not wrapped twice.
        let missing = directory.appendingPathComponent("missing.jpg")
        let unreadable = #expect(throws: ImageError.self) { try Self.codecs.averageColor(of: missing) }
        guard case .file(let file)? = unreadable, !file.operation.isWrite, case let path = file.path else { Issue.record("\(String(describing: unreadable))"); return }
        #expect(path == missing.path)
    }
}
