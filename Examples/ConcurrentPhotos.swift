// Many photos, several results each (average color, BlurHash, palette, thumbnail), concurrently,
// with typed errors. `async let` and throwing task groups rethrow `any Error`, so a
// `do throws(ImageError)` around them does not compile; these are the patterns that keep the type.
// It runs without arguments.
//
// Depends on: PixelKit, PixelKitJPEG, PixelKitPNG, BlurHash, PixelKitPalette, ImagePipeline (from the
// PixelKit package). Use this file as the only source (main.swift) of an executable target.
import BlurHash
import Foundation
import ImagePipeline
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette

/// What the app keeps for each photo.
struct PhotoFacts: Sendable {
    var average: AverageResult
    var blurHash: BlurHashFileResult
    var palette: Palette
    var thumbnail: Thumbnail
}

/// Several results of one photo: synchronous calls in a function that throws `ImageError`. Run in a
/// child task (below), it runs off the caller's actor.
func facts(of source: ImageSource, codecs: CodecRegistry, thumbnailer: Thumbnailer) throws(ImageError) -> PhotoFacts {
    PhotoFacts(
        average: try codecs.averageColor(of: source),
        blurHash: try codecs.blurHash(of: source),
        palette: try codecs.palette(of: source),
        thumbnail: try thumbnailer.thumbnail(of: source))
}

/// 1. A batch: a task group whose child tasks return `Result<…, ImageError>`. The group does not
/// throw, so nothing is erased to `any Error`; one bad photo does not cancel the others. At most
/// `concurrency` photos are decoded at once; the results come back in input order.
func factsOfEveryPhoto(
    _ sources: [ImageSource], codecs: CodecRegistry, thumbnailer: Thumbnailer, concurrency: Int = 2
) async -> [Result<PhotoFacts, ImageError>] {
    await withTaskGroup(of: (Int, Result<PhotoFacts, ImageError>).self) { group in
        var results = [Result<PhotoFacts, ImageError>](repeating: .failure(.cancelled), count: sources.count)
        var started = 0
        func startNext() {
            guard started < sources.count else { return }
            let index = started
            let source = sources[index]
            group.addTask {
                (index, Result { () throws(ImageError) -> PhotoFacts in try facts(of: source, codecs: codecs, thumbnailer: thumbnailer) })
            }
            started += 1
        }
        for _ in 0..<max(1, concurrency) { startNext() }
        while let (index, result) = await group.next() {
            results[index] = result
            startNext()
        }
        return results
    }
}

/// 2. `async let` for one photo's results side by side: each binding holds a `Result`, so awaiting
/// it cannot throw, and `get()` throws the typed error. No cast.
func factsSideBySide(of source: ImageSource, codecs: CodecRegistry, thumbnailer: Thumbnailer) async throws(ImageError) -> PhotoFacts {
    async let average = Result { () throws(ImageError) in try codecs.averageColor(of: source) }
    async let blurHash = Result { () throws(ImageError) in try codecs.blurHash(of: source) }
    async let palette = Result { () throws(ImageError) in try codecs.palette(of: source) }
    async let thumbnail = Result { () throws(ImageError) in try thumbnailer.thumbnail(of: source) }
    return PhotoFacts(
        average: try await average.get(), blurHash: try await blurHash.get(),
        palette: try await palette.get(), thumbnail: try await thumbnail.get())
}

/// 3. The pipeline (cached, coalesced, bounded by its own limits): one request asks for several
/// results; each child task returns `Result<PreparedImage, ImagePipelineError>`. `image(for:)` is
/// async, so the `Result` is made with `do throws(…)` rather than `Result { }`.
func preparedPhotos(_ requests: [ImageRequest], pipeline: ImagePipeline) async -> [Result<PreparedImage, ImagePipelineError>] {
    await withTaskGroup(of: (Int, Result<PreparedImage, ImagePipelineError>).self) { group in
        for (index, request) in requests.enumerated() {
            group.addTask {
                do throws(ImagePipelineError) {
                    return (index, .success(try await pipeline.image(for: request)))
                } catch {
                    return (index, .failure(error))
                }
            }
        }
        var results = [Result<PreparedImage, ImagePipelineError>](repeating: .failure(.cancelled), count: requests.count)
        for await (index, result) in group { results[index] = result }
        return results
    }
}

// Three stand-in photos (gradients encoded in memory) and one file that is not an image.
let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 128))
func gradient(width: Int, height: Int, format: ImageFormat) throws(ImageError) -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            pixels[(y * width + x) * 4] = UInt8(x * 255 / (width - 1))
            pixels[(y * width + x) * 4 + 1] = UInt8(y * 255 / (height - 1))
        }
    }
    return try codecs.encoder(for: format).encode(RGBAImage(width: width, height: height, pixels: pixels), options: EncodeOptions(quality: 0.9))
}
let photos: [[UInt8]] = [
    try gradient(width: 640, height: 480, format: .jpeg), try gradient(width: 300, height: 500, format: .png),
    Array("not an image".utf8), try gradient(width: 800, height: 200, format: .jpeg),
]
let sources = photos.map { ImageSource.bytes($0) }   // from files: `try ImageSource(url)`

for (index, result) in await factsOfEveryPhoto(sources, codecs: codecs, thumbnailer: thumbnailer).enumerated() {
    switch result {
    case .success(let facts):
        print("photo \(index): average \(facts.average.color.hex), BlurHash \(facts.blurHash.hash), "
            + "\(facts.palette.swatches.count) swatches, thumbnail \(facts.thumbnail.size.width)×\(facts.thumbnail.size.height)")
    case .failure(let error):   // an ImageError: switch on its kind, no cast
        if case .unknownFormat = error.kind { print("photo \(index): not an image") } else { print("photo \(index): \(error)") }
    }
}

do throws(ImageError) {
    let facts = try await factsSideBySide(of: sources[0], codecs: codecs, thumbnailer: thumbnailer)
    print("side by side: average \(facts.average.color.hex), thumbnail \(facts.thumbnail.size.width)×\(facts.thumbnail.size.height)")
} catch {
    print("side by side failed: \(error.kind)")
}

let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(codecs: codecs))
let requests = photos.enumerated().map { index, bytes in
    ImageRequest(key: "photo-\(index)", bytes: bytes, preparation: ImagePreparation(
        thumbnail: ThumbnailPreparation(maxPixelSize: 128), averageColor: true, blurHash: true, palette: true))
}
for (index, result) in await preparedPhotos(requests, pipeline: pipeline).enumerated() {
    switch result {
    case .success(let image): print("pipeline \(index): average \(image.averageColor?.hex ?? "-"), \(image.palette?.swatches.count ?? 0) swatches")
    case .failure(let error): print("pipeline \(index): \(error)")   // an ImagePipelineError
    }
}

// Where a cast is unavoidable: an API that rethrows what its closure throws, as `forEachThumbnail`
// does (and any `withThrowingTaskGroup`), throws `any Error`. Per-photo errors still arrive typed in
// each item's `result`; only what escapes the call needs the cast.
do {
    try await thumbnailer.forEachThumbnail(of: sources, concurrency: 2) { item in
        if case .failure(let error) = item.result { print("batch \(item.index): \(error.kind)") }
    }
} catch let error as ImageError {
    print("batch stopped: \(error)")   // ImageError.cancelled when the task is cancelled
} catch {
    print("batch stopped by its body: \(error)")   // this body throws nothing
}
