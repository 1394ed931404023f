import Foundation
import PixelKit
import PixelKitTestSupport

/// The color fixtures: profiles here (see `Fixtures/SOURCES.md`), the shared color corpus's images
/// and `reference.json` in PixelKitTestSupport's `Fixtures/color/`.
enum ColorFixtures {
    static let root: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// A profile (`.icc`) of this target, or a corpus file.
    static func bytes(_ name: String) throws -> [UInt8] {
        name.hasSuffix(".icc") ? [UInt8](try Data(contentsOf: root.appendingPathComponent(name))) : try Fixtures.bytes("color/" + name)
    }

    static func profile(_ name: String) throws -> ColorProfile {
        try ColorProfile(bytes: bytes(name))
    }

    /// The matrix/TRC profiles of the shared color corpus (and HP's sRGB profile of its control).
    static let matrixShaperProfiles = [
        "display-p3.icc", "adobe-rgb-compatible.icc", "prophoto.icc", "rec2020.icc", "gray-gamma-1.8.icc", "hp-srgb.icc",
    ]
}
