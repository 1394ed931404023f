import Foundation
import Testing

/// A command loads only the libraries its input needs: libheif and its codec libraries are opened
/// when the first HEIF file is, not at start-up (they were most of the start-up time).
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
    }

    @Test func aHEICAverageLoadsLibheifOnFirstUse() throws {
        let (output, libraries) = try Self.librariesLoaded(by: ["average", PixelKitProcess.fixture("heif/example.heic")])
        #expect(output.status == 0)
        #expect(output.lines.first?["width"] as? Int == 1280)
        #expect(libraries.contains("libheif.so.1"))
    }
    #endif
}
