import Foundation
import PixelKit
import PixelKitGIF
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// An input opened once (`ImageFile`, `ImageSource.openFile`) reads as its path does, keeps reading
/// the file it opened when the name is replaced or the file cut, and serves several operations at once.
@Suite("An image file opened once")
struct ImageFileTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec(), GIFCodec(), HEIFCodec()])
    static let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 48))
    /// One file per decoder path: baseline JPEG (libjpeg and the split decoder), progressive JPEG (the
    /// DC-scan decoder), PNG, lossy and lossless WebP, an extended WebP, GIF, HEIF.
    static let files = [
        "photos/rocket.jpg", "jpeg/libjpeg-turbo/testimgp.jpg", "photos/camera.png", "webp/lossless1.webp",
        "webp/lossy_alpha1.webp", "webp/lossy_q0_f100.webp", "gif/chelsea-interlaced.gif", "heif/example.heic",
    ]

    struct Results: Equatable {
        var info: ImageInfo
        var fast: AverageResult
        var exact: AverageResult
        var thumbnail: Thumbnail
    }

    static func results(of source: ImageSource) throws(ImageError) -> Results {
        Results(
            info: try codecs.probe(source), fast: try codecs.averageColor(of: source),
            exact: try codecs.averageColor(of: source, options: AverageOptions(accuracy: .exact)),
            thumbnail: try thumbnailer.thumbnail(of: source))
    }

    @Test("an opened file gives what its path gives", arguments: files)
    func openedFileAgreesWithPath(file: String) throws {
        let path = Fixtures.path(file)
        let opened = try ImageFile(path: path)
        #expect(opened.size == (try Fixtures.bytes(file)).count)
        #expect(try Self.results(of: .openFile(opened)) == (try Self.results(of: .file(path: path))))
        // An `ImageFile` is itself a source (`ImageSourceConvertible`).
        #expect(try Self.codecs.averageColor(of: opened) == (try Self.codecs.averageColor(of: .file(path: path))))
    }

    @Test("several operations at once on one opened file agree", arguments: ["photos/rocket.jpg", "photos/camera.png", "webp/lossy_alpha1.webp"])
    func concurrentOperationsAgree(file: String) async throws {
        let opened = ImageSource.openFile(try ImageFile(path: Fixtures.path(file)))
        let expected = try Self.results(of: opened)
        let all = try await withThrowingTaskGroup(of: Results.self) { group in
            for _ in 0..<4 { group.addTask { try Self.results(of: opened) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0 == expected })
    }

    @Test("a file whose name is replaced after the open is read as opened", arguments: ["photos/rocket.jpg", "photos/camera.png", "heif/example.heic"])
    func replacedNameReadsOpenedFile(file: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(try Fixtures.bytes(file), to: "input")
        let expected = try Self.results(of: .file(path: Fixtures.path(file)))
        let opened = try ImageFile(path: scratch.file("input"))
        // Another image takes the name (as an atomic save does): the opened file is unchanged.
        try scratch.write(try Fixtures.bytes("gif/chelsea-interlaced.gif"), to: "other")
        #expect(rename(scratch.file("other"), scratch.file("input")) == 0)
        #expect(try Self.results(of: .openFile(opened)) == expected)
    }

    @Test("a file cut short after the open fails with a typed error or warns, never crashes", arguments: files)
    func truncatedAfterOpen(file: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bytes = try Fixtures.bytes(file)
        try scratch.write(bytes, to: "input")
        let opened = try ImageFile(path: scratch.file("input"))
        #expect(truncate(scratch.file("input"), off_t(bytes.count / 2)) == 0)
        do {
            let result = try Self.codecs.averageColor(of: ImageSource.openFile(opened), options: AverageOptions(accuracy: .exact))
            // A decoder that stops at the cut warns (libjpeg's "Premature end of JPEG file" and the like).
            #expect(!result.warnings.isEmpty || result.info.format == .gif, "\(file): no warning for a cut file")
        } catch {
            #expect(error.path == scratch.file("input") || error.description.contains(scratch.file("input")), "\(file): \(error)")
        }
        #expect(opened.size == bytes.count, "the size stays the one the open saw")
    }

    @Test("opening refuses what a path source refuses, with the same error")
    func openRefusals() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        for path in [scratch.path, scratch.file("missing.jpg"), "/dev/null"] {
            let fromPath = #expect(throws: ImageError.self) { try Self.codecs.probe(ImageSource.file(path: path)) }
            let fromOpen = #expect(throws: ImageError.self) { try ImageFile(path: path) }
            #expect(fromPath == fromOpen, "\(path)")
        }
    }

    @Test("an output naming the opened input is refused, whatever the name now is")
    func outputIsInputUsesOpenedIdentity() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(try Fixtures.bytes("photos/rocket.jpg"), to: "input.jpg")
        let opened = try ImageFile(path: scratch.file("input.jpg"))
        #expect(link(scratch.file("input.jpg"), scratch.file("alias.jpg")) == 0)
        let writer = ImageFileWriter(neverReplacing: [.openFile(opened)])
        #expect(throws: ImageError.file(FileError(path: scratch.file("alias.jpg"), operation: .create, problem: .wouldReplaceInput(input: scratch.file("input.jpg"))))) {
            try writer.write([1, 2, 3], to: scratch.file("alias.jpg"))
        }
    }
}
