// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PixelKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PixelKit", targets: ["PixelKit"]),
        .library(name: "PixelKitJPEG", targets: ["PixelKitJPEG"]),
        .library(name: "PixelKitPNG", targets: ["PixelKitPNG"]),
        .library(name: "PixelKitHEIF", targets: ["PixelKitHEIF"]),
        .library(name: "PixelKitWebP", targets: ["PixelKitWebP"]),
        .library(name: "PixelKitGIF", targets: ["PixelKitGIF"]),
        .library(name: "PixelKitColor", targets: ["PixelKitColor"]),
        .library(name: "BlurHash", targets: ["BlurHash"]),
        .library(name: "Themes", targets: ["Themes"]),
        .library(name: "PixelKitPalette", targets: ["PixelKitPalette"]),
        .library(name: "Transitions", targets: ["Transitions"]),
        .library(name: "RotatingLog", targets: ["RotatingLog"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "ImagePipeline", targets: ["ImagePipeline"]),
        // The server loader (AsyncHTTPClient, so swift-nio): a product of its own, so that an app
        // depending only on ImagePipeline never builds swift-nio.
        .library(name: "ImagePipelineHTTP", targets: ["ImagePipelineHTTP"]),
        .executable(name: "pixelkit", targets: ["PixelKitCLI"]),
        .executable(name: "pixelkit-fetch", targets: ["PixelKitFetch"]),
    ],
    traits: [
        // AsyncHTTPClient (so swift-nio) for ImagePipelineHTTP and `pixelkit fetch`. Off by default, as
        // heavy optional dependencies are in Swift packages: a client naming only core products resolves
        // no server package. Opt in with `traits: ["HTTPClientLoader"]` on the dependency, or
        // `--traits HTTPClientLoader` when building this package (the CLI, the tests and CI do).
        .trait(name: "HTTPClientLoader", description: "ImagePipelineHTTP's AsyncHTTPClient loader and `pixelkit fetch`"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // ImagePipelineHTTP's loader: streamed bodies with backpressure, deadlines, bounded decompression.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already in AsyncHTTPClient's graph; named for the HTTP parser's and decompressor's error types.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.0.0"),
        // A command plugin only (`swift package generate-documentation`, used by Scripts/docs): no code in users' builds.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries, reached only through the codec targets.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        .target(name: "CJPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),
        // libheif is opened on first use (dlopen), not linked: its header comes from the default
        // include path (`libheif-dev`; with Homebrew, `-Xcc -I$(brew --prefix)/include`).
        .target(name: "CHeif", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // The platform layer every module builds on (not a product): the C library's import,
        // EINTR-safe file calls with fault injection, the one file reader, atomic writer and lock.
        .target(name: "PixelKitPlatform", dependencies: ["PixelKitFileErrors"]),
        // The public file-error vocabulary (`FileError`, `FileKind`, `FileOperation`): embedded in every
        // module's error and re-exported by each library that throws it. Not a product; no dependencies.
        .target(name: "PixelKitFileErrors"),

        // Core: pure Swift, no C module.
        .target(name: "PixelKit", dependencies: ["PixelKitPlatform", "PixelKitFileErrors"]),

        // Codec plugins: each on the core's public API and its own C library only, as a codec in
        // another package would be (Scripts/check-codec-api checks it).
        .target(name: "PixelKitJPEG", dependencies: ["PixelKit", "CTurboJPEG", "CJPEGShim"]),
        .target(name: "PixelKitPNG", dependencies: ["PixelKit", "CSpng"]),
        .target(name: "PixelKitHEIF", dependencies: ["PixelKit", "CHeif"]),
        .target(name: "PixelKitWebP", dependencies: ["PixelKit", "CWebP"]),
        .target(name: "PixelKitGIF", dependencies: ["PixelKit", "CGif"]),

        // Color management: lcms2 for any ICC profile (lookup tables, CMYK), the core's Swift fast
        // path for matrix/TRC profiles, transforms cached by profile.
        .target(name: "PixelKitColor", dependencies: ["PixelKit", "CLCMS2", "PixelKitPlatform"]),

        // Higher modules.
        .target(name: "BlurHash", dependencies: ["PixelKit", "PixelKitPlatform"]),
        .target(name: "Themes", dependencies: ["PixelKit", "PixelKitPlatform", "PixelKitFileErrors"]),
        // An image's palette and theme seed: the core's reduced decode into a fixed-size histogram,
        // quantized and scored with Themes' color science (CIELAB, CAM16/HCT).
        .target(name: "PixelKitPalette", dependencies: ["PixelKit", "Themes", "PixelKitPlatform"]),
        .target(name: "Transitions", dependencies: ["PixelKitPlatform"]),
        .target(name: "RotatingLog", dependencies: [
            "PixelKitPlatform", "PixelKitFileErrors",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Layout", dependencies: ["PixelKitPlatform"]),
        // Fetches remote images once, caches raw bytes on disk and prepared results in memory
        // (Foundation/FoundationNetworking live here, never in the core).
        .target(name: "ImagePipeline", dependencies: ["PixelKit", "BlurHash", "PixelKitPalette", "PixelKitPlatform", "PixelKitFileErrors"]),
        // The AsyncHTTPClient loader for servers (Linux above all: FoundationNetworking there enforces
        // no resource deadline and buffers bodies without backpressure). See Sources/ImagePipeline/ImagePipeline.docc/PipelineDesign.md.
        .target(name: "ImagePipelineHTTP", dependencies: [
            "ImagePipeline", "PixelKitPlatform",
            .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["HTTPClientLoader"])),
            .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["HTTPClientLoader"])),
            .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["HTTPClientLoader"])),
            .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["HTTPClientLoader"])),
            .product(name: "NIOHTTPCompression", package: "swift-nio-extras", condition: .when(traits: ["HTTPClientLoader"])),
        ]),
        // Writes numbered records from a separate process, for RotatingLog's multi-process tests.
        .executableTarget(name: "RotatingLogStressWriter", dependencies: ["RotatingLog", "PixelKitPlatform"]),

        // The command line. `pixelkit fetch` runs the `pixelkit-fetch` executable beside it: only that
        // one links ImagePipeline and with it Foundation's networking stack.
        .target(name: "PixelKitCommandSupport", dependencies: [
            "PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitHEIF", "PixelKitWebP", "PixelKitGIF", "PixelKitColor", "PixelKitPlatform",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "PixelKitCLI", dependencies: [
            "PixelKitCommandSupport",
            "PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitHEIF", "PixelKitWebP", "PixelKitGIF", "BlurHash", "Themes", "PixelKitPalette", "Transitions", "RotatingLog", "Layout", "PixelKitPlatform",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "PixelKitFetch", dependencies: [
            "PixelKitCommandSupport", "ImagePipeline", "ImagePipelineHTTP", "PixelKit", "PixelKitPlatform",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // libFuzzer harness (a stub unless built by Scripts/fuzz with -DFUZZING).
        .executableTarget(name: "PixelKitFuzz", dependencies: ["PixelKit", "PixelKitColor", "PixelKitPlatform", "PixelKitJPEG", "PixelKitPNG", "PixelKitHEIF", "PixelKitWebP", "PixelKitGIF", "BlurHash", "Themes", "PixelKitPalette"]),

        // What several test targets share: the third-party fixtures (Fixtures/SOURCES.md lists their
        // origins and licences), found through `Fixtures` (this target's bundle), and the helpers
        // (scratch folders, summing sinks, the strict-verdict harness over the four codecs it names).
        .target(name: "PixelKitTestSupport", dependencies: [
            "PixelKit", "PixelKitPlatform", "PixelKitJPEG", "PixelKitPNG", "PixelKitHEIF", "PixelKitWebP",
        ], path: "Tests/PixelKitTestSupport", resources: [.copy("Fixtures")]),
        // The core's tests, and those that by nature cross codecs (source kinds, orientation and the
        // strict verdict in every format, animation policy, budgets, fuzz regressions).
        .testTarget(name: "PixelKitTests", dependencies: [
            "PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitHEIF", "PixelKitWebP", "PixelKitGIF", "PixelKitFuzz", "PixelKitPlatform",
            "BlurHash", "PixelKitPalette", "PixelKitTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PixelKitJPEGTests", dependencies: [
            "PixelKitJPEG", "PixelKit", "PixelKitPNG", "CTurboJPEG", "PixelKitTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PixelKitPNGTests", dependencies: ["PixelKitPNG", "PixelKit", "PixelKitTestSupport"]),
        .testTarget(name: "PixelKitHEIFTests", dependencies: ["PixelKitHEIF", "PixelKit", "PixelKitTestSupport"]),
        .testTarget(name: "PixelKitWebPTests", dependencies: ["PixelKitWebP", "PixelKit", "PixelKitTestSupport"]),
        .testTarget(name: "PixelKitColorTests", dependencies: [
            "PixelKitColor", "PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitWebP", "PixelKitHEIF", "PixelKitTestSupport",
        ],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "PixelKitGIFTests", dependencies: ["PixelKitGIF", "PixelKit", "PixelKitTestSupport"]),
        .testTarget(name: "BlurHashTests", dependencies: ["BlurHash", "PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ThemesTests", dependencies: [
            "Themes", "PixelKit", "PixelKitPlatform", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PixelKitPaletteTests", dependencies: [
            "PixelKitPalette", "Themes", "PixelKit", "PixelKitJPEG", "PixelKitPNG", "PixelKitWebP", "PixelKitHEIF",
        ], resources: [.copy("Fixtures")]),
        .testTarget(name: "TransitionsTests", dependencies: [
            "Transitions", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "RotatingLogTests", dependencies: [
            "RotatingLog", "RotatingLogStressWriter", "PixelKitPlatform", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout"]),
        // Runs a loopback HTTP server of its own (POSIX sockets) and child `pixelkit fetch` processes.
        .testTarget(name: "ImagePipelineTests", dependencies: [
            "ImagePipeline", "ImagePipelineHTTP", "PixelKit", "PixelKitJPEG", "PixelKitPNG", "BlurHash", "PixelKitPalette", "PixelKitCLI", "PixelKitFetch",
            "PixelKitWebP", "PixelKitHEIF", "PixelKitColor", "PixelKitTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        // The command line's JSON contract, exercised by running the built executable.
        .testTarget(name: "CLITests", dependencies: [
            "PixelKitCLI", "PixelKitFetch", "PixelKitCommandSupport", "PixelKitPlatform", "PixelKitTestSupport",
        ]),
    ]
)
