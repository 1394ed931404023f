import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// Inputs must be regular files: FIFOs, sockets, devices and directories are refused at once with a
/// typed error (a FIFO without a writer used to block every image command forever), and file names
/// are bytes, not necessarily UTF-8.
@Suite("Input files")
struct InputFileTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

    /// Every way the package reads an image file: sniffing, probing, decoding, averaging, thumbnails.
    static func everyReader(_ source: ImageSource) -> [String: Result<Bool, ImageError>] {
        func run(_ body: () throws -> Void) -> Result<Bool, ImageError> {
            do { try body(); return .success(true) } catch let error as ImageError { return .failure(error) } catch {
                return .failure(.invalidOptions("unexpected \(error)"))
            }
        }
        return [
            "probe": run { _ = try codecs.probe(source) },
            "average": run { _ = try codecs.averageColor(of: source) },
            "averageExact": run { _ = try codecs.averageColor(of: source, options: AverageOptions(accuracy: .exact)) },
            "thumbnail": run { _ = try Thumbnailer(codecs: codecs).thumbnail(of: source) },
            "jpeg": run { _ = try JPEGCodec().probe(source, limits: DecodingLimits()) },
            "png": run { _ = try PNGCodec().probe(source, limits: DecodingLimits()) },
            "allBytes": run { _ = try source.allBytes(limit: 1 << 20) },
        ]
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("pipe.jpg")
        #expect(mkfifo(path, 0o644) == 0)
        for (reader, result) in Self.everyReader(.file(path: path)) {
            #expect(result == .failure(.file(FileError(path: path, operation: .open, problem: .notARegularFile(.fifo)))), "\(reader)")
        }
    }

    @Test func directoryIsRefused() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        for (reader, result) in Self.everyReader(.file(path: directory.path)) {
            #expect(result == .failure(.file(FileError(path: directory.path, operation: .open, problem: .notARegularFile(.directory)))), "\(reader)")
        }
    }

    @Test func characterDeviceIsRefused() throws {
        // /dev/zero never ends: reading it would only stop at a limit.
        for (reader, result) in Self.everyReader(.file(path: "/dev/zero")) {
            #expect(result == .failure(.file(FileError(path: "/dev/zero", operation: .open, problem: .notARegularFile(.characterDevice)))), "\(reader)")
        }
    }

    @Test func socketIsRefused() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("s.png")
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(Self.everyReader(.file(path: path))["probe"] == .failure(.file(FileError(path: path, operation: .open, problem: .notARegularFile(.socket)))))
    }

    @Test func symbolicLinkToARegularFileIsRead() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.png"), withDestinationPath: Fixtures.path("pngsuite/basn6a08.png"))
        #expect(try Self.codecs.probe(.file(path: directory.file("link.png"))).size == PixelSize(width: 32, height: 32))
    }

    /// The reproducer: a file named `bad\xFFutf8.jpg` was "No such file or directory" everywhere.
    @Test(arguments: ["exif-orientation/Landscape_1.jpg", "pngsuite/basn6a08.png"])
    func fileNamedWithInvalidUTF8IsRead(fixture: String) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let name = Array(directory.file("bad").utf8) + [0xFF] + Array("utf8.img".utf8)
        try ImageFileWriter().write(Fixtures.bytes(fixture), toPathBytes: name)
        let expected = try Self.codecs.averageColor(of: .file(path: Fixtures.path(fixture)))
        for (reader, result) in Self.everyReader(.rawPath(name)) where reader != (fixture.hasSuffix(".png") ? "jpeg" : "png") {
            #expect(result == .success(true), "\(reader)")
        }
        #expect(try Self.codecs.averageColor(of: .rawPath(name)).color == expected.color)
        #expect(ImageSource.rawPath(name).displayName.hasSuffix("bad\u{FFFD}utf8.img"))
    }

    @Test func readerStopsAtTheLimit() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write([UInt8](repeating: 7, count: 5000), to: "big")
        #expect(throws: ImageError.limitExceeded(.inputSize(bytes: 4001, limit: 4000))) {
            try ImageSource.file(path: directory.file("big")).allBytes(limit: 4000)
        }
        #expect(try ImageSource.file(path: directory.file("big")).allBytes(limit: 5000).count == 5000)
        #expect(try ImageSource.file(path: directory.file("big")).leadingBytes(16) == [UInt8](repeating: 7, count: 16))
    }
}
