// What a new user writes: Foundation types in, Codable results out, typed errors, async calls from
// the main actor and from an actor. Exits 1 if anything is not as documented.
import BlurHash
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
    print("\(condition ? "ok  " : "FAIL") \(what)")
    if !condition { failures += 1 }
}

let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

// An image of our own: a 300×200 gradient, written as a JPEG and a PNG in a scratch folder.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-client-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
var pixels = [UInt8](repeating: 255, count: 300 * 200 * 4)
for y in 0..<200 {
    for x in 0..<300 {
        pixels[(y * 300 + x) * 4] = UInt8(x * 255 / 299)
        pixels[(y * 300 + x) * 4 + 1] = UInt8(y * 255 / 199)
    }
}
let image = RGBAImage(width: 300, height: 200, pixels: pixels)
let jpegURL = folder.appendingPathComponent("gradient photo.jpg")
let pngURL = folder.appendingPathComponent("gradient.png")
try Data(JPEGCodec().encode(image, options: EncodeOptions(quality: 0.9))).write(to: jpegURL)
try Data(PNGCodec().encode(image, options: EncodeOptions())).write(to: pngURL)

// Data and URL in; the same results either way. Inside an async function (not top-level code,
// where Swift 6.3 picks the synchronous overloads), `await` selects the variants that decode off
// the main actor.
@MainActor func checkSourcesAndResults() async throws {
    for url in [jpegURL, pngURL] {
        let data = try Data(contentsOf: url)
        let fromURL = try await codecs.averageColor(of: url)
        let fromData = try await codecs.averageColor(of: data)
        check(fromURL == fromData, "\(url.lastPathComponent): average from URL and Data agree (\(fromURL.color.hex))")
        let info = try await codecs.probe(url)
        check(info.size == PixelSize(width: 300, height: 200), "\(url.lastPathComponent): probe says \(info.size)")
        let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 60))
        let thumbnail = try await thumbnailer.thumbnail(of: data)
        let thumbnailFromURL = try await thumbnailer.thumbnail(of: url)
        check(thumbnail == thumbnailFromURL && thumbnail.size == PixelSize(width: 60, height: 40), "\(url.lastPathComponent): thumbnail \(thumbnail.size)")
        let hash = try await codecs.blurHash(of: url)
        check(hash.hash.count == 28, "\(url.lastPathComponent): BlurHash \(hash.hash)")

        // Every result encodes with JSONEncoder and decodes back to the same value.
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        check(try decoder.decode(AverageResult.self, from: encoder.encode(fromURL)) == fromURL, "AverageResult round-trips")
        check(try decoder.decode(ImageInfo.self, from: encoder.encode(info)) == info, "ImageInfo round-trips")
        check(try decoder.decode(BlurHashFileResult.self, from: encoder.encode(hash)) == hash, "BlurHashFileResult round-trips")
        check(try decoder.decode(RGBAColor.self, from: encoder.encode(fromURL.color)) == fromURL.color, "RGBAColor round-trips")
        print("     " + String(decoding: try encoder.encode(info), as: UTF8.self))
    }
}
try await checkSourcesAndResults()

// Every operation × every kind of source (ImageSource, URL, Data, [UInt8], path String), synchronous
// and awaited, through one spelling per operation (EveryOperation.swift, the program shown in the
// PixelKit catalog's Operations article): every cell must give the same results.
@MainActor func checkEveryOperation() async throws {
    let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 60))
    for url in [jpegURL, pngURL] {
        let output = folder.appendingPathComponent("every-\(url.lastPathComponent)")
        let rows = try await everyOperationFromEveryKindOfSource(
            path: url.path(percentEncoded: false), output: output, codecs: codecs, thumbnailer: thumbnailer)
        let reference = rows[0].sync
        check(rows.map(\.kind) == ["ImageSource", "URL", "Data", "[UInt8]", "String"], "\(url.lastPathComponent): five kinds of source")
        for row in rows {
            check(row.sync == reference, "\(url.lastPathComponent): \(row.kind), synchronous: every operation agrees with ImageSource")
            check(row.awaited == reference, "\(url.lastPathComponent): \(row.kind), awaited: every operation agrees with ImageSource")
        }
        check(reference.info.size == PixelSize(width: 300, height: 200) && reference.thumbnail.size == PixelSize(width: 60, height: 40)
              && reference.blurHash.hash.count == 28 && !reference.palette.swatches.isEmpty,
              "\(url.lastPathComponent): \(reference.info.size), \(reference.average.color.hex), \(reference.blurHash.hash), \(reference.palette.source.hex)")
        check(try Data(contentsOf: output) == Data(reference.thumbnail.data), "\(url.lastPathComponent): thumbnail written to a URL and a path")
    }
    // Implicit members still read as before where an operation takes any source.
    let data = try Data(contentsOf: jpegURL)
    let fromCase = try averageOfFileCase(jpegURL.path(percentEncoded: false))
    let fromDataCase = try await codecs.averageColor(of: .data(data))
    check(fromCase == fromDataCase, "averageColor(of: .file(path:)) == averageColor(of: .data(…))")

    // A web URL and a missing path are typed errors, the same from every operation.
    let web = URL(string: "https://example.com/a.jpg")!
    let webErrors: [ImageError?] = [
        catching { () throws(ImageError) in _ = try codecs.probe(web) },
        catching { () throws(ImageError) in _ = try codecs.averageColor(of: web) },
        catching { () throws(ImageError) in _ = try codecs.blurHash(of: web) },
        catching { () throws(ImageError) in _ = try codecs.palette(of: web) },
        catching { () throws(ImageError) in _ = try thumbnailer.thumbnail(of: web) },
        catching { () throws(ImageError) in try reference(thumbnailer).write(to: web) },
    ]
    check(webErrors.allSatisfy { $0 == .notAFileURL(url: web.absoluteString) }, "a web URL: notAFileURL from every operation and write(to:)")
    let missing = folder.appendingPathComponent("missing.jpg").path(percentEncoded: false)
    let missingErrors: [ImageError?] = [
        catching { () throws(ImageError) in _ = try codecs.probe(missing) },
        catching { () throws(ImageError) in _ = try codecs.averageColor(of: missing) },
        catching { () throws(ImageError) in _ = try codecs.blurHash(of: missing) },
        catching { () throws(ImageError) in _ = try codecs.palette(of: missing) },
        catching { () throws(ImageError) in _ = try thumbnailer.thumbnail(of: missing) },
    ]
    check(missingErrors.allSatisfy { error in
        guard case .file(let file)? = error?.kind else { return false }
        return error?.path == missing && file.operation == .open && file.errno == ENOENT
    }, "a missing path: .file (open, ENOENT) naming it, from every operation")
}

/// The synchronous spelling with an `ImageSource` case (an async function would pick the awaited one).
func averageOfFileCase(_ path: String) throws(ImageError) -> AverageResult {
    try codecs.averageColor(of: .file(path: path))
}

/// The error `body` throws, or nil.
func catching(_ body: () throws(ImageError) -> Void) -> ImageError? {
    do { try body(); return nil } catch { return error }
}

/// A thumbnail to write.
func reference(_ thumbnailer: Thumbnailer) throws(ImageError) -> Thumbnail {
    try thumbnailer.thumbnail(of: jpegURL)
}
try await checkEveryOperation()

// Errors: ImageError without a cast, naming the file.
let cut = folder.appendingPathComponent("cut.jpg")
let whole = try Data(contentsOf: jpegURL)
try whole.prefix(whole.count / 2).write(to: cut)
do {
    _ = try codecs.averageColor(of: cut, options: AverageOptions(decoding: DecodeOptions(strictness: .strict)))
    check(false, "a truncated JPEG fails in strict mode")
} catch {
    switch error.kind {
    case .truncated: check(error.localizedDescription.hasPrefix(cut.path + ": truncated jpeg"), "truncated: \(error.localizedDescription)")
    default: check(false, "expected .truncated, got \(error)")
    }
}
do {
    _ = try codecs.averageColor(of: URL(string: "https://example.com/a.jpg")!)
    check(false, "a web URL is refused")
} catch {
    check(error == .notAFileURL(url: "https://example.com/a.jpg"), "web URL: \(error.localizedDescription)")
}

// The main actor: awaiting never blocks it, and a batch's closure touches its state directly.
@MainActor
final class Gallery {
    var sizes: [Int: PixelSize] = [:]
    var failed: [Int] = []
    var average = ""

    func load(_ urls: [URL]) async throws {
        let thumbnailer = Thumbnailer(codecs: CodecRegistry([JPEGCodec(), PNGCodec()]), options: ThumbnailOptions(maxPixelSize: 30))
        let sources = try urls.map { url throws(ImageError) in try ImageSource(url) }
        try await thumbnailer.forEachThumbnail(of: sources, concurrency: 2) { item in
            switch item.result {
            case .success(let thumbnail): self.sizes[item.index] = thumbnail.size
            case .failure: self.failed.append(item.index)
            }
        }
        average = try await CodecRegistry([JPEGCodec(), PNGCodec()]).averageColor(of: urls[0]).color.hex
    }
}

/// An actor does the same with its own state.
actor Catalog {
    var infos: [ImageInfo] = []
    var thumbnails = 0

    func add(_ urls: [URL]) async throws {
        let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
        let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 30))
        try await thumbnailer.forEachThumbnail(of: urls.map { .file(path: $0.path) }) { item in
            if case .success = item.result { self.thumbnails += 1 }
        }
        for url in urls { infos.append(try await codecs.probe(url)) }
    }
}

let notAnImage = folder.appendingPathComponent("notes.jpg")
try Data("hello".utf8).write(to: notAnImage)
let gallery = Gallery()
try await gallery.load([jpegURL, pngURL, notAnImage])
let gallerySizes = gallery.sizes
let galleryFailed = gallery.failed
check(gallerySizes.count == 2 && galleryFailed == [2], "@MainActor batch: \(gallerySizes.count) thumbnails, failed \(galleryFailed)")
let catalog = Catalog()
try await catalog.add([jpegURL, pngURL])
let catalogInfos = await catalog.infos
let catalogThumbnails = await catalog.thumbnails
check(catalogInfos.count == 2 && catalogThumbnails == 2, "actor batch and probes")

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
