// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PixelKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PixelKit", targets: ["PixelKit"]),
        .library(name: "PixelKitJPEG", targets: ["PixelKitJPEG"]),
        .library(name: "PixelKitPNG", targets: ["PixelKitPNG"]),
        .library(name: "BlurHash", targets: ["BlurHash"]),
        .library(name: "Themes", targets: ["Themes"]),
        .library(name: "Transitions", targets: ["Transitions"]),
        .library(name: "RotatingLog", targets: ["RotatingLog"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "ImagePipeline", targets: ["ImagePipeline"]),
        .executable(name: "pixelkit", targets: ["PixelKitCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // C libraries, reached only through the codec targets.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .target(name: "CJPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),

        // A lock ThreadSanitizer understands, shared by the package's modules (not a product).
        .target(name: "PixelKitLocking"),

        // Core: pure Swift, no C module.
        .target(name: "PixelKit", dependencies: ["PixelKitLocking"]),

        // Codec plugins.
        .target(name: "PixelKitJPEG", dependencies: ["PixelKit", "CTurboJPEG", "CJPEGShim"]),
        .target(name: "PixelKitPNG", dependencies: ["PixelKit", "CSpng"]),

        // Higher modules.
        .target(name: "BlurHash", dependencies: ["PixelKit"]),
        .target(name: "Themes", dependencies: ["PixelKit"]),
        .target(name: "Transitions", dependencies: ["PixelKitLocking"]),
        .target(name: "RotatingLog", dependencies: [
            "PixelKitLocking",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "Layout", dependencies: ["PixelKitLocking"]),
        // Fetches remote images once, caches raw bytes on disk and prepared results in memory
        // (Foundation/FoundationNetworking live here, never in the core).
        .target(name: "ImagePipeline", dependencies: ["PixelKit", "BlurHash", "PixelKitLocking"]),
        // Writes numbered records from a separate process, for RotatingLog's multi-process tests.
        .executableTarget(name: "RotatingLogStressWriter", dependencies: ["RotatingLog"]),

        // The command line.
        .executableTarget(name: "PixelKitCLI", dependencies: [
            "PixelKit", "PixelKitJPEG", "PixelKitPNG", "BlurHash", "Themes", "Transitions", "RotatingLog", "Layout", "PixelKitLocking", "ImagePipeline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // libFuzzer harness (a stub unless built by Scripts/fuzz with -DFUZZING).
        .executableTarget(name: "PixelKitFuzz", dependencies: ["PixelKit", "PixelKitJPEG", "PixelKitPNG", "BlurHash", "Themes"]),

        .testTarget(name: "PixelKitTests", dependencies: ["PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitFuzz", "PixelKitLocking"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "BlurHashTests", dependencies: ["BlurHash", "PixelKit", "PixelKitJPEG", "PixelKitPNG"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ThemesTests", dependencies: ["Themes", "PixelKit"]),
        .testTarget(name: "TransitionsTests", dependencies: [
            "Transitions", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "RotatingLogTests", dependencies: [
            "RotatingLog", "RotatingLogStressWriter", "PixelKitLocking", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout"]),
        // Runs a loopback HTTP server of its own (POSIX sockets) and child `pixelkit fetch` processes.
        .testTarget(name: "ImagePipelineTests", dependencies: [
            "ImagePipeline", "PixelKit", "PixelKitJPEG", "PixelKitPNG", "BlurHash", "PixelKitCLI",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], resources: [.copy("Fixtures")]),
        // The command line's JSON contract, exercised by running the built executable.
        .testTarget(name: "CLITests", dependencies: ["PixelKitCLI"]),
    ]
)
