import ArgumentParser
import Foundation
import ImagePipeline
import PixelKit

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch remote images once: size, average color, BlurHash and an optional thumbnail.",
        discussion: """
            Prints per URL, in input order: {"url", "cache": "memory"|"disk"|"network", "width", "height" (stored), \
            "format", "average": "#RRGGBB", "blurhash", "thumbnail": path (with -o)} or {"url", "error"}; exits 1 \
            at the end if any URL failed. A URL listed several times is fetched once. With --cache-dir the original \
            bytes and their summary are kept, so a second run needs no network.
            """
    )

    @Option(name: .customLong("cache-dir"), help: "Keep the downloaded bytes (and size, average, BlurHash) in this directory.")
    var cacheDirectory: String?

    @Option(help: "Longest side of the thumbnails written with -o.")
    var maxPixelSize = 2000

    @Option(name: [.short, .customLong("output")], help: "Write a JPEG thumbnail of each image into this directory.")
    var output: String?

    @Option(help: "Refuse responses larger than this many bytes.")
    var maxResponseBytes = 64 << 20

    @Option(help: "Images fetched and prepared at once.")
    var jobs = 4

    @Argument(help: "http, https or file URLs.")
    var urls: [String]

    func run() async throws {
        guard jobs >= 1, maxPixelSize >= 1, maxResponseBytes >= 1 else {
            StandardStreams.printError("error: --jobs, --max-pixel-size and --max-response-bytes must be at least 1")
            throw ExitCode(1)
        }
        let pipeline: ImagePipeline
        do {
            let disk = try cacheDirectory.map { directory throws(ImagePipelineError) in try DiskCache(directory: directory) }
            if let output { try Self.createDirectory(output) }
            pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(
                codecs: StandardCodecs.registry, loader: URLSessionImageDataLoader(maxResponseBytes: maxResponseBytes),
                diskCache: disk, maxConcurrentLoads: jobs, maxConcurrentDecodes: min(jobs, ProcessorCount.active)))
        } catch {
            StandardStreams.printError("error: \(error)")
            throw ExitCode(1)
        }
        var unique: [String] = []
        var seen: Set<String> = []
        for url in urls where seen.insert(url).inserted { unique.append(url) }
        let lines = await fetchAll(unique, pipeline: pipeline)
        var failures = 0
        for url in urls {
            let (line, message) = lines[url] ?? (FileLine(url: url, FailureField("not fetched")), "not fetched")
            try StandardStreams.printLine(line)
            if let message {
                failures += 1
                StandardStreams.printError("pixelkit: \(url): \(message)")
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// Each URL's JSON line and error message, at most `jobs` at once.
    private func fetchAll(_ urls: [String], pipeline: ImagePipeline) async -> [String: (any FetchLine, String?)] {
        let preparation = ImagePreparation(
            thumbnail: output == nil ? nil : ThumbnailPreparation(maxPixelSize: maxPixelSize, encoding: .jpeg),
            averageColor: true, blurHash: true)
        let outputDirectory = output
        return await withTaskGroup(of: (String, any FetchLine, String?).self) { group in
            var results: [String: (any FetchLine, String?)] = [:]
            var next = 0
            func add() {
                let url = urls[next]
                next += 1
                group.addTask { await Self.fetch(url, preparation: preparation, outputDirectory: outputDirectory, pipeline: pipeline) }
            }
            while next < min(jobs, urls.count) { add() }
            for await (url, line, message) in group {
                results[url] = (line, message)
                if next < urls.count { add() }
            }
            return results
        }
    }

    private static func fetch(
        _ text: String, preparation: ImagePreparation, outputDirectory: String?, pipeline: ImagePipeline
    ) async -> (String, any FetchLine, String?) {
        do throws(ImagePipelineError) {
            guard let url = URL(string: text), url.scheme != nil else { throw .unsupportedURL(text) }
            let image = try await pipeline.image(for: ImageRequest(url: url, preparation: preparation))
            var line = FetchedLine(
                url: text, cache: image.origin.rawValue, width: image.info.width, height: image.info.height,
                format: image.info.format.rawValue, average: image.averageColor?.hex, blurhash: image.blurHash)
            if let outputDirectory, let encoded = image.encodedThumbnail {
                let path = outputDirectory + "/" + thumbnailName(for: url, fileExtension: encoded.fileExtension)
                do throws(ImageError) { try ImageFileWriter().write(encoded.data, to: path) } catch { throw .image(error) }
                line.thumbnail = path
            }
            return (text, line, nil)
        } catch {
            return (text, FileLine(url: text, FailureField(error.description)), error.description)
        }
    }

    /// `<last path component's stem>-<8 hex digits of the URL's hash>.<ext>`: readable, distinct per
    /// URL, and free of any character that could leave the directory.
    static func thumbnailName(for url: URL, fileExtension: String) -> String {
        let stem = url.deletingPathExtension().lastPathComponent
        let safe = String(stem.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
            .prefix(64).map(Character.init))
        let suffix = String(FNV1a64.hash(url.absoluteString) >> 32, radix: 16)
        return (safe.isEmpty ? "image" : safe) + "-" + String(repeating: "0", count: 8 - suffix.count) + suffix + "." + fileExtension
    }

    private static func createDirectory(_ path: String) throws(ImagePipelineError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: path, code: 0, reason: String(describing: error))
        }
    }
}

/// One line of `pixelkit fetch`: a ``FetchedLine`` or `{"url","error"}`.
private protocol FetchLine: Encodable, Sendable {}
extension FileLine: FetchLine where Result == FailureField {}

/// `{"url","cache","width","height","format","average","blurhash"}` (`null` for a summary the pipeline
/// could not make) and `"thumbnail"` with `-o`.
private struct FetchedLine: FetchLine {
    let url: String
    let cache: String
    let width: Int
    let height: Int
    let format: String
    let average: String?
    let blurhash: String?
    var thumbnail: String?

    private enum CodingKeys: String, CodingKey {
        case url, cache, width, height, format, average, blurhash, thumbnail
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(cache, forKey: .cache)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(format, forKey: .format)
        try container.encode(average, forKey: .average)
        try container.encode(blurhash, forKey: .blurhash)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
    }
}
