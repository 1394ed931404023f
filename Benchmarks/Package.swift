// swift-tools-version: 6.1
import PackageDescription
import Foundation

// A path dependency's identity is the root checkout's folder name, which differs per clone.
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "PixelKitBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pixelkit-bench", targets: ["PixelKitBench"]),
        // The start-up job's floors: a C program doing what `pixelkit average` does, an empty Swift
        // program, and `pixelkit`'s command shape in swift-argument-parser doing nothing else.
        .executable(name: "startup-floor-c", targets: ["StartUpFloorC"]),
        .executable(name: "startup-floor-swift", targets: ["StartUpFloorSwift"]),
        .executable(name: "startup-floor-argument-parser", targets: ["StartUpFloorArgumentParser"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The C floor: the same libraries driven directly from C, to show our layers' overhead as a ratio.
        // Also prepares one input: a JPEG re-marked with restart markers (libjpeg's transcoding API).
        .target(name: "CBenchFloor", linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("spng"), .linkedLibrary("jpeg"), .linkedLibrary("heif"), .linkedLibrary("webp"), .linkedLibrary("gif")]),
        .executableTarget(name: "StartUpFloorC", linkerSettings: [.linkedLibrary("turbojpeg")]),
        .executableTarget(name: "StartUpFloorSwift"),
        .executableTarget(
            name: "StartUpFloorArgumentParser", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "PixelKitBench",
            dependencies: [
                "CBenchFloor",
                .product(name: "PixelKit", package: rootIdentity),
                .product(name: "PixelKitJPEG", package: rootIdentity),
                .product(name: "PixelKitPNG", package: rootIdentity),
                .product(name: "PixelKitHEIF", package: rootIdentity),
                .product(name: "PixelKitWebP", package: rootIdentity),
                .product(name: "PixelKitGIF", package: rootIdentity),
                .product(name: "BlurHash", package: rootIdentity),
                .product(name: "Themes", package: rootIdentity),
                .product(name: "PixelKitPalette", package: rootIdentity),
                .product(name: "PixelKitColor", package: rootIdentity),
                .product(name: "Transitions", package: rootIdentity),
                .product(name: "RotatingLog", package: rootIdentity),
                .product(name: "Layout", package: rootIdentity),
                .product(name: "ImagePipeline", package: rootIdentity),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)
