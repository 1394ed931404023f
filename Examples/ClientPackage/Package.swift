// swift-tools-version: 6.1
// A new user's package: it depends on PixelKit by path (as it would by URL) and uses only the
// public API. `Scripts/check-client` builds and runs it.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs per clone.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let identity = root.lastPathComponent.lowercased()

let package = Package(
    name: "PixelKitClient",
    platforms: [.macOS(.v15)],
    // The HTTPClientLoader trait only so that CI reuses the root build's modules (traits are compiler
    // flags of every target); a client using these products needs no trait and resolves no server
    // package (Scripts/check-client checks that too).
    dependencies: [.package(path: root.path, traits: ["HTTPClientLoader"])],
    targets: [
        .executableTarget(name: "PixelKitClient", dependencies: [
            .product(name: "PixelKit", package: identity),
            .product(name: "PixelKitJPEG", package: identity),
            .product(name: "PixelKitPNG", package: identity),
            .product(name: "BlurHash", package: identity),
            .product(name: "PixelKitPalette", package: identity),
        ]),
    ]
)
