// A gallery model over ImagePipeline: each tile shows its placeholder (average color, BlurHash) as
// soon as it is known, then its thumbnail. Offline: the "photos" are generated and read through file
// URLs (an app would pass https URLs and a DiskCache; nothing else changes).
//
// Depends on: PixelKit, PixelKitJPEG, PixelKitPNG, ImagePipeline (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "PixelKit", package: "PixelKit"),
//   .product(name: "PixelKitJPEG", package: "PixelKit"),
//   .product(name: "PixelKitPNG", package: "PixelKit"),
//   .product(name: "ImagePipeline", package: "PixelKit"),
import Foundation
import ImagePipeline
import PixelKit
import PixelKitJPEG
import PixelKitPNG

/// What a tile shows, in the order it learns it.
enum TileState: Sendable, CustomStringConvertible {
    case loading
    case placeholder(color: String, blurHash: String)
    case thumbnail(width: Int, height: Int, origin: ImageOrigin)
    case failed(String)

    var description: String {
        switch self {
        case .loading: "loading"
        case .placeholder(let color, let hash): "placeholder \(color) \(hash)"
        case .thumbnail(let width, let height, let origin): "thumbnail \(width)×\(height) from \(origin)"
        case .failed(let message): "failed: \(message)"
        }
    }
}

/// The gallery's model: one pipeline, one task per tile, every state change reported in order.
final class GalleryModel: Sendable {
    let pipeline: ImagePipeline
    let urls: [URL]

    init(urls: [URL], pipeline: ImagePipeline) {
        self.urls = urls
        self.pipeline = pipeline
    }

    /// Loads every tile at once; `update` sees each tile go loading → placeholder → thumbnail.
    func load(tileSize: Int, update: @escaping @Sendable (Int, TileState) -> Void) async {
        // Warm the next screen's placeholders at low priority while this screen loads.
        pipeline.prefetch(urls.suffix(2).map { ImageRequest(url: $0, preparation: .placeholder) })
        await withTaskGroup(of: Void.self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask { [pipeline] in
                    update(index, .loading)
                    do throws(ImagePipelineError) {
                        // A cheap reduced decode (or, for https with a disk cache, the stored summary): shown at once.
                        let placeholder = try await pipeline.image(for: ImageRequest(url: url, preparation: .placeholder))
                        update(index, .placeholder(color: placeholder.averageColor?.hex ?? "-", blurHash: placeholder.blurHash ?? "-"))
                        let tile = try await pipeline.image(for: ImageRequest(
                            url: url, preparation: ImagePreparation(thumbnail: ThumbnailPreparation(maxPixelSize: tileSize))))
                        update(index, .thumbnail(width: tile.thumbnail?.width ?? 0, height: tile.thumbnail?.height ?? 0, origin: tile.origin))
                    } catch {
                        update(index, .failed(error.description))
                    }
                }
            }
        }
    }
}

/// A 600×400 JPEG: a diagonal gradient tinted by `hue`, written to a temporary file.
func makePhoto(hue: Int, in directory: URL) throws -> URL {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(600 * 400 * 4)
    for y in 0..<400 {
        for x in 0..<600 {
            let t = (x + y) * 255 / 1000
            pixels += [UInt8((t + hue * 60) % 256), UInt8((t * 2 + hue * 30) % 256), UInt8(255 - t), 255]
        }
    }
    let data = try JPEGCodec().encode(RGBAImage(width: 600, height: 400, pixels: pixels), options: EncodeOptions(quality: 0.85))
    let url = directory.appendingPathComponent("photo-\(hue).jpg")
    try Data(data).write(to: url)
    return url
}

/// Runs the gallery over four generated photos and a missing file.
func runGallery() async throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gallery-example-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let urls = try (0..<4).map { try makePhoto(hue: $0, in: directory) } + [directory.appendingPathComponent("missing.jpg")]

    let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(codecs: CodecRegistry([JPEGCodec(), PNGCodec()])))
    let model = GalleryModel(urls: urls, pipeline: pipeline)
    let log = LogLines()
    await model.load(tileSize: 160) { index, state in log.append("tile \(index): \(state)") }
    for line in log.lines { print(line) }

    // Scrolling back: every tile is now a memory hit, no load and no decode.
    let again = try await pipeline.image(for: ImageRequest(
        url: urls[0], preparation: ImagePreparation(thumbnail: ThumbnailPreparation(maxPixelSize: 160))))
    print("tile 0 again: from \(again.origin); loads \(pipeline.metrics.loads), decodes \(pipeline.metrics.decodes)")
}

/// Lines appended from several tasks, printed at the end.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

try await runGallery()
