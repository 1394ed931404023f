import Foundation
import PixelKit
import PixelKitGIF
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// One spelling per operation (issue 30): `probe`, `averageColor(of:)` and `thumbnail(of:)` take an
/// `ImageSource`, a file `URL`, `Data`, `[UInt8]` or a path `String`, and every kind gives the same
/// result, synchronously and awaited, in every format.
@Suite("Every kind of source gives one result")
struct SourceKindAgreementTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec(), GIFCodec(), HEIFCodec()])
    static let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 48))
    static let files = [
        "photos/rocket.jpg", "photos/camera.png", "webp/lossless1.webp", "gif/chelsea-interlaced.gif", "heif/example.heic",
    ]

    struct Results: Equatable {
        var info: ImageInfo
        var average: AverageResult
        var thumbnail: Thumbnail
    }

    /// The synchronous spellings (an async test would pick the awaited ones).
    static func results(of source: some ImageSourceConvertible) throws(ImageError) -> Results {
        Results(info: try codecs.probe(source), average: try codecs.averageColor(of: source), thumbnail: try thumbnailer.thumbnail(of: source))
    }

    static func awaitedResults(of source: some ImageSourceConvertible) async throws(ImageError) -> Results {
        Results(
            info: try await codecs.probe(source), average: try await codecs.averageColor(of: source),
            thumbnail: try await thumbnailer.thumbnail(of: source))
    }

    /// The same image as each kind of source, named.
    static func sources(_ file: String) throws -> [(kind: String, source: any ImageSourceConvertible)] {
        let path = Fixtures.path(file)
        let data = try Data(contentsOf: URL(filePath: path))
        return [
            ("URL", URL(filePath: path)), ("Data", data), ("[UInt8]", [UInt8](data)), ("String", path),
            ("ImageSource.data", ImageSource.data(data)), ("ImageSource.rawPath", ImageSource.rawPath(Array(path.utf8))),
        ]
    }

    @Test(arguments: files)
    func everyKindOfSourceGivesTheSameResultsSyncAndAwaited(_ file: String) async throws {
        let expected = try Self.results(of: ImageSource.file(path: Fixtures.path(file)))
        #expect(expected.thumbnail.size.width == 48 || expected.thumbnail.size.height == 48)
        #expect(expected.average.info == expected.info)
        #expect(try await Self.awaitedResults(of: ImageSource.file(path: Fixtures.path(file))) == expected)
        for (kind, source) in try Self.sources(file) {
            #expect(try Self.results(of: source) == expected, "\(kind)")
            #expect(try await Self.awaitedResults(of: source) == expected, "\(kind), awaited")
        }
    }

    @Test func imageSourceCasesStillReadAsImplicitMembers() throws {
        let path = Fixtures.path("photos/rocket.jpg")
        let bytes = try Fixtures.bytes("photos/rocket.jpg")
        let expected = try Self.codecs.averageColor(of: path)
        #expect(try Self.codecs.averageColor(of: .file(path: path)) == expected)
        #expect(try Self.codecs.averageColor(of: .rawPath(Array(path.utf8))) == expected)
        #expect(try Self.codecs.averageColor(of: .bytes(bytes)) == expected)
        #expect(try Self.codecs.averageColor(of: .data(Data(bytes))) == expected)
        #expect(try Self.codecs.probe(.file(path: path)) == expected.info)
        #expect(try Self.thumbnailer.thumbnail(of: .bytes(bytes)) == Self.thumbnailer.thumbnail(of: path))
    }

    @Test func aWebURLIsNotAFileURLFromEveryOperation() async throws {
        let url = try #require(URL(string: "https://example.com/photo.jpg"))
        let expected = ImageError.notAFileURL(url: "https://example.com/photo.jpg")
        #expect(throws: expected) { try url.imageSource }
        #expect(throws: expected) { try Self.codecs.probe(url) }
        #expect(throws: expected) { try Self.codecs.averageColor(of: url) }
        #expect(throws: expected) { try Self.thumbnailer.thumbnail(of: url) }
        await #expect(throws: expected) { try await Self.codecs.probe(url) }
        await #expect(throws: expected) { try await Self.codecs.averageColor(of: url) }
        await #expect(throws: expected) { try await Self.thumbnailer.thumbnail(of: url) }
    }

    @Test func aMissingPathIsUnreadableNamingItFromEveryOperation() async throws {
        let missing = Fixtures.path("photos/does-not-exist.jpg")
        let url = URL(filePath: missing)
        var errors: [ImageError?] = [
            #expect(throws: ImageError.self) { try Self.codecs.probe(missing) },
            #expect(throws: ImageError.self) { try Self.codecs.averageColor(of: missing) },
            #expect(throws: ImageError.self) { try Self.thumbnailer.thumbnail(of: missing) },
            #expect(throws: ImageError.self) { try Self.codecs.probe(url) },
            #expect(throws: ImageError.self) { try Self.codecs.averageColor(of: url) },
            #expect(throws: ImageError.self) { try Self.thumbnailer.thumbnail(of: url) },
        ]
        errors.append(await #expect(throws: ImageError.self) { try await Self.codecs.probe(missing) })
        errors.append(await #expect(throws: ImageError.self) { try await Self.codecs.averageColor(of: url) })
        errors.append(await #expect(throws: ImageError.self) { try await Self.thumbnailer.thumbnail(of: missing) })
        for error in errors {
            guard case .file(let file)? = error?.kind, !file.operation.isWrite, case .system(let code) = file.problem, case let path = file.path else {
                Issue.record("expected a read error, got \(String(describing: error))")
                continue
            }
            #expect(path == missing && code == ENOENT)
        }
    }
}
