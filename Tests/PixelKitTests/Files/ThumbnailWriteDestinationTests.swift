import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Every encoded result writes to a path or a file `URL` (issue 30), atomically through `ImageFileWriter`.
@Suite("Writing to a path or a URL")
struct ThumbnailWriteDestinationTests {
    static let thumbnailer = Thumbnailer(codecs: CodecRegistry([JPEGCodec()]), options: ThumbnailOptions(maxPixelSize: 32))

    @Test func aThumbnailWritesTheSameBytesToAPathAndToAFileURL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let thumbnail = try Self.thumbnailer.thumbnail(of: Fixtures.path("photos/rocket.jpg"))
        let byPath = directory.appendingPathComponent("by path.jpg")
        let byURL = directory.appendingPathComponent("by url 100%.jpg")
        try thumbnail.write(to: byPath.path(percentEncoded: false))
        try thumbnail.write(to: byURL)
        #expect(try [UInt8](Data(contentsOf: byPath)) == thumbnail.data)
        #expect(try [UInt8](Data(contentsOf: byURL)) == thumbnail.data)
        // Replacing an existing file through its URL.
        let other: [UInt8] = [0x01, 0x02, 0x03]
        try ImageFileWriter().write(other, to: byURL)
        #expect(try [UInt8](Data(contentsOf: byURL)) == other)
    }

    @Test func aWebURLIsNotADestination() throws {
        let thumbnail = try Self.thumbnailer.thumbnail(of: Fixtures.path("photos/rocket.jpg"))
        let url = try #require(URL(string: "https://example.com/thumb.jpg"))
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/thumb.jpg")) { try thumbnail.write(to: url) }
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/thumb.jpg")) { try ImageFileWriter().write([1, 2], to: url) }
    }
}
