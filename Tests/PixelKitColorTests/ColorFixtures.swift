import Foundation
import PixelKit

/// The color fixtures (see `Fixtures/SOURCES.md`).
enum ColorFixtures {
    static let root: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(name)))
    }

    static func profile(_ name: String) throws -> ColorProfile {
        try ColorProfile(bytes: bytes(name))
    }

    /// The matrix/TRC profiles of the shared color corpus (and HP's sRGB profile of its control).
    static let matrixShaperProfiles = [
        "display-p3.icc", "adobe-rgb-compatible.icc", "prophoto.icc", "rec2020.icc", "gray-gamma-1.8.icc", "hp-srgb.icc",
    ]
}
