import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG

/// The benchmark's inputs: small real photos shipped in the repository, large inputs generated
/// from them at run time (cached in a temporary folder), and the user's own files.
struct InputCatalog {
    var embedded: [BenchInput] = []
    var generated: [BenchInput] = []
    var user: [BenchInput] = []

    var all: [BenchInput] { generated + embedded + user }

    /// Locates the repository's sample photos relative to the benchmark package.
    static var samplesFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/PixelKitTestSupport/Fixtures")
    }

    static func make(userFiles: [String], quick: Bool, log: (String) -> Void) throws -> InputCatalog {
        var catalog = InputCatalog()
        let samples = samplesFolder
        catalog.embedded = [
            BenchInput(label: "rocket.jpg (embedded)", path: samples.appendingPathComponent("photos/rocket.jpg").path, kind: .embedded),
            BenchInput(label: "Landscape_1.jpg (embedded)", path: samples.appendingPathComponent("exif-orientation/Landscape_1.jpg").path, kind: .embedded),
            BenchInput(label: "coffee.png (embedded)", path: samples.appendingPathComponent("photos/coffee.png").path, kind: .embedded),
        ]
        catalog.user = userFiles.map { BenchInput(label: URL(fileURLWithPath: $0).lastPathComponent, path: $0, kind: .user) }
        catalog.generated = try SyntheticInputs.ensure(
            source: samples.appendingPathComponent("exif-orientation/Landscape_1.jpg").path, quick: quick, log: log)
        return catalog
    }
}
