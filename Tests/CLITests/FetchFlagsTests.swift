import Foundation
import PixelKitTestSupport
import Testing

/// `pixelkit fetch`'s deadline and cache-policy flags, as the command line parses and checks them.
/// (Their effect against loopback servers is tested in ImagePipelineTests' FetchHostilePeerTests.)
@Suite("pixelkit fetch: --idle-timeout and --keep-forever")
struct FetchFlagsTests {
    @Test func helpListsTheFlags() throws {
        let output = try PixelKitProcess.run(["fetch", "--help"])
        #expect(output.status == 0)
        let help = output.rawLines.joined(separator: "\n") + output.standardError
        #expect(help.contains("--idle-timeout"))
        #expect(help.contains("--keep-forever"))
    }

    #if HTTPClientLoader
    @Test func aZeroIdleTimeoutIsRefused() throws {
        let url = "file://" + PixelKitProcess.fixture("photos/rocket.jpg")
        let output = try PixelKitProcess.run(["fetch", url, "--idle-timeout", "0"], inputData: nil, timeout: .seconds(60))
        #expect(output.status == 64)
        #expect(output.rawLines.isEmpty)
        #expect(output.standardError.hasPrefix("pixelkit: --idle-timeout must be more than 0 and at most 86400 seconds\nUsage: pixelkit fetch"))
    }

    @Test func theFlagsKeepTheJSONLine() throws {
        let url = "file://" + PixelKitProcess.fixture("photos/rocket.jpg")
        let output = try PixelKitProcess.run(["fetch", url, "--idle-timeout", "5", "--keep-forever"], inputData: nil, timeout: .seconds(60))
        #expect(output.status == 0)
        #expect(output.rawLines.count == 1)
        #expect(output.lines.first?["url"] as? String == url && RocketColorReference.isFastAverage(hex: output.lines.first?["average"] as? String))
        #expect(output.lines.first?["cache"] as? String == "network")
    }
    #endif
}
