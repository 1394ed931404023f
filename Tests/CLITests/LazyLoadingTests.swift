import Foundation
import PixelKitTestSupport
import Testing

/// A command loads only the libraries it needs: libheif and its codec libraries are opened when the
/// first HEIF file is, and the networking stack only by `pixelkit-fetch`, which `pixelkit fetch`
/// runs. Both used to load with every command and were most of its start-up time.
@Suite("What a command loads")
struct LazyLoadingTests {
    /// The shared libraries the dynamic loader opened while `pixelkit` ran (glibc's `LD_DEBUG=libs`).
    static func librariesLoaded(by arguments: [String]) throws -> (output: PixelKitProcess.Output, libraries: String) {
        let output = try PixelKitProcess.run(arguments, inputData: nil, environment: ["LD_DEBUG": "libs"])
        let libraries = output.standardError.split(separator: "\n").filter { $0.contains("find library=") }.joined(separator: "\n")
        return (output, libraries)
    }

    #if os(Linux)
    @Test func aJPEGAverageDoesNotLoadLibheif() throws {
        let (output, libraries) = try Self.librariesLoaded(by: ["average", PixelKitProcess.fixture("jpeg/libjpeg-turbo/testorig.jpg")])
        #expect(output.status == 0)
        #expect(libraries.contains("libturbojpeg.so.0"), "LD_DEBUG reported no libraries: \(output.standardError.prefix(500))")
        #expect(!libraries.contains("libheif"))
        #expect(!libraries.contains("libde265"))
        #expect(!libraries.contains("libcurl"))
        #expect(!libraries.contains("libFoundationNetworking"))
        #expect(!libraries.contains("library=libFoundation.so"))
    }

    #if HTTPClientLoader
    @Test func fetchRunsPixelkitFetchWhichLoadsTheNetworkingStack() throws {
        let url = "file://" + PixelKitProcess.fixture("photos/rocket.jpg")
        let (output, libraries) = try Self.librariesLoaded(by: ["fetch", url])
        #expect(output.status == 0)
        #expect(output.lines.first?["url"] as? String == url && RocketColorReference.isFastAverage(hex: output.lines.first?["average"] as? String))
        #expect(libraries.contains("libFoundationNetworking.so"))
    }
    #endif

    @Test func aHEICAverageLoadsLibheifOnFirstUse() throws {
        let (output, libraries) = try Self.librariesLoaded(by: ["average", PixelKitProcess.fixture("heif/example.heic")])
        #expect(output.status == 0)
        #expect(output.lines.first?["width"] as? Int == 1280)
        #expect(libraries.contains("libheif.so.1"))
    }
    #endif

    @Test func fetchWithoutPixelkitFetchBesideItSaysWhatIsMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-alone-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("pixelkit")
        try FileManager.default.copyItem(at: PixelKitProcess.executable, to: alone)
        let output = try PixelKitProcess.run(["fetch", "file:///nothing.jpg"], inputData: nil, executable: alone)
        #expect(output.status == 1)
        #expect(output.rawLines.isEmpty)
        #expect(output.standardError.contains("fetch needs the pixelkit-fetch executable next to pixelkit: \(folder.path)/pixelkit-fetch: No such file or directory"))
    }
}
