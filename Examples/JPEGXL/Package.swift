// swift-tools-version: 6.1
// A JPEG XL codec for PixelKit over libjxl, in a package of its own: it depends on PixelKit by path
// (as a user's package would by URL) and uses only PixelKit's public API.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs per clone.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let pixelKit = root.lastPathComponent.lowercased()

let package = Package(
    name: "PixelKitJXL",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PixelKitJXL", targets: ["PixelKitJXL"]),
        .executable(name: "jxl-average", targets: ["JXLAverage"]),
        .executable(name: "jxl-bench", targets: ["JXLBench"]),
        .executable(name: "jxl-fuzz", targets: ["JXLFuzz"]),
    ],
    dependencies: [.package(path: root.path)],
    targets: [
        // libjxl 0.7+ (Debian `libjxl-dev`): the decoder, and libjxl_threads for `DecodeOptions.maxThreads`.
        // No `pkgConfig:`: libjxl.pc's only flag, -DHWY_SHARED_DEFINE, is one SwiftPM refuses with a
        // warning, and the header and library are on the default paths.
        .systemLibrary(name: "CJXL"),
        .target(name: "PixelKitJXL", dependencies: [
            "CJXL",
            .product(name: "PixelKit", package: pixelKit),
        ]),
        // An app that registers the codec beside PixelKit's own and prints `pixelkit average`'s JSON.
        .executableTarget(name: "JXLAverage", dependencies: [
            "PixelKitJXL",
            .product(name: "PixelKit", package: pixelKit),
            .product(name: "PixelKitJPEG", package: pixelKit),
            .product(name: "PixelKitPNG", package: pixelKit),
        ]),
        // The fast (DC) average against the full decode of a 12 MP JPEG XL made at run time.
        // Also libjxl's own stages, timed directly.
        .executableTarget(name: "JXLBench", dependencies: [
            "PixelKitJXL", "CJXL",
            .product(name: "PixelKit", package: pixelKit),
            .product(name: "PixelKitJPEG", package: pixelKit),
            .product(name: "PixelKitPNG", package: pixelKit),
        ]),
        // libFuzzer harness (a stub unless built by Scripts/fuzz with -DFUZZING).
        .executableTarget(name: "JXLFuzz", dependencies: [
            "PixelKitJXL",
            .product(name: "PixelKit", package: pixelKit),
        ]),
        .testTarget(name: "PixelKitJXLTests", dependencies: [
            "PixelKitJXL",
            .product(name: "PixelKit", package: pixelKit),
            .product(name: "PixelKitJPEG", package: pixelKit),
            .product(name: "PixelKitPNG", package: pixelKit),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
