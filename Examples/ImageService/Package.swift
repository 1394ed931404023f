// swift-tools-version: 6.1
import PackageDescription
import Foundation

// A path dependency's identity is the root checkout's folder name, which differs per clone.
let rootIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "ImageService",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "image-service", targets: ["ImageService"])],
    dependencies: [
        // The HTTPClientLoader trait as CI builds the root with (.ci/run), so that the PixelKit modules
        // compiled there are reused: traits are compiler flags of every target of a package.
        .package(path: "../..", traits: ["HTTPClientLoader"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Tests only (HummingbirdTesting builds it anyway).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The service as a library, so the tests can build its router without a socket.
        .target(name: "ImageServiceCore", dependencies: [
            .product(name: "PixelKit", package: rootIdentity),
            .product(name: "PixelKitJPEG", package: rootIdentity),
            .product(name: "PixelKitPNG", package: rootIdentity),
            // Recognition only: an upload in these formats is refused by name.
            .product(name: "PixelKitGIF", package: rootIdentity),
            .product(name: "PixelKitHEIF", package: rootIdentity),
            .product(name: "PixelKitWebP", package: rootIdentity),
            .product(name: "BlurHash", package: rootIdentity),
            .product(name: "PixelKitPalette", package: rootIdentity),
            .product(name: "PixelKitColor", package: rootIdentity),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .executableTarget(name: "ImageService", dependencies: [
            "ImageServiceCore",
            .product(name: "PixelKit", package: rootIdentity),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "ImageServiceTests", dependencies: [
            "ImageServiceCore",
            "ImageService",
            .product(name: "PixelKit", package: rootIdentity),
            .product(name: "PixelKitJPEG", package: rootIdentity),
            .product(name: "PixelKitPalette", package: rootIdentity),
            .product(name: "PixelKitPNG", package: rootIdentity),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ], resources: [.copy("Fixtures")]),
    ]
)
