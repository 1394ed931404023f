import Foundation
@testable import PixelKitFuzz
import PixelKitTestSupport
import Testing

/// Replays, through the fuzz targets' own invariant checks, every input the fuzzers ever saved
/// (`Fixtures/fuzz-regressions/TARGET/`) plus the seed inputs, so a fixed finding stays fixed and
/// the invariants run on every `swift test`, not only under libFuzzer.
@Suite("Fuzz regressions and seeds")
struct FuzzRegressionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(for target: FuzzTarget) -> [String] {
        let fixtures = "Tests/PixelKitTestSupport/Fixtures"
        let seeds: [String] = switch target {
        case .jpeg: ["\(fixtures)/jpeg/libjpeg-turbo", "\(fixtures)/jpeg/reftest", "\(fixtures)/jpeg/invalid"]
        case .png: ["\(fixtures)/pngsuite"]
        case .heif: ["\(fixtures)/heif"]
        case .webp: ["\(fixtures)/webp"]
        case .gif: ["\(fixtures)/gif"]
        case .registry: ["\(fixtures)/jpeg/invalid", "\(fixtures)/pngsuite", "\(fixtures)/heif", "\(fixtures)/webp", "\(fixtures)/gif"]
        case .hex: ["Tests/Fuzz/Seeds/hex"]
        case .blurhash: ["Tests/Fuzz/Seeds/blurhash"]
        case .theme: ["Tests/Fuzz/Seeds/theme"]
        case .palette: ["Tests/Fuzz/Seeds/palette"]
        case .colorProfile: ["Tests/PixelKitColorTests/Fixtures"]
        }
        let folders = seeds + ["\(fixtures)/fuzz-regressions/\(target.rawValue)"]
        return folders.flatMap { folder -> [String] in
            let path = repository.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasSuffix(".md") && !$0.hasPrefix("LICENSE") && !$0.hasPrefix("README") && !$0.hasPrefix("PngSuite.") }
                .sorted().map { "\(path)/\($0)" }
        }
    }

    @Test("every seed and saved crash input passes the target's invariants", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let inputs = Self.inputs(for: target)
        #expect(!inputs.isEmpty, "no inputs found for \(target)")
        for path in inputs {
            target.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }
}
