import Foundation
import PixelKit

/// Third-party test files copied into `Fixtures/` (see `Fixtures/SOURCES.md` for origins and licences).
package enum Fixtures {
    package static let root: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// Absolute path of a fixture, e.g. `path("pngsuite/basn0g01.png")`.
    package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    package static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// Relative paths of the files in a fixture folder whose names match `filter`, sorted.
    package static func files(in folder: String, where filter: (String) -> Bool = { _ in true }) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter(filter).sorted().map { "\(folder)/\($0)" }
    }

    /// Reference means computed by three independent decoders, keyed by relative path.
    package static let referenceMeans: [String: ReferenceMean] = {
        let data = try! Data(contentsOf: root.appendingPathComponent("reference_means.json"))
        let entries = try! JSONDecoder().decode([ReferenceMean].self, from: data)
        return Dictionary(entries.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    }()
}

/// One entry of `Fixtures/reference_means.json`.
package struct ReferenceMean: Decodable, Sendable {
    package let file: String
    package let width: Int
    package let height: Int
    package let pixel_count: Int
    /// Exact mean of the 8-bit RGBA samples (16-bit PNG: `v >> 8`; 12-bit JPEG: `v >> 4`).
    package let mean_rgba: [Double]
    /// Exact integer sums of the 8-bit RGBA samples.
    package let sum_rgba: [Int]?
}

/// A `RowSink` that sums RGBA8 samples exactly: an independent check on decoders and averagers.
package struct SummingSink: RowSink {
    package init() {}

    package var size = PixelSize(width: 0, height: 0)
    package var sums: [Int] = [0, 0, 0, 0]
    package var rows = 0

    package mutating func begin(size: PixelSize) { self.size = size }

    package mutating func consume(_ row: PixelRow) {
        precondition(row.y == rows, "rows out of order")
        rows += 1
        for (index, value) in row.pixels.enumerated() { sums[index & 3] += Int(value) }
    }

    package var means: [Double] { sums.map { Double($0) / Double(max(size.pixelCount, 1)) } }
}
