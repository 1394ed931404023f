import ArgumentParser
import Foundation
import ImagePipeline
import ImagePipelineHTTP
import PixelKit
import PixelKitCommandSupport
import PixelKitPlatform

/// `pixelkit-fetch`: the work of `pixelkit fetch`, which runs this executable in its place (see
/// ``PixelKitCommandSupport/FetchOptions``). Only this executable links the networking stack.
@main
struct PixelKitFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pixelkit-fetch", abstract: FetchOptions.abstract, discussion: FetchOptions.discussion,
        version: PixelKitVersion.current)

    @OptionGroup var options: FetchOptions

    /// ArgumentParser's `main()`, with failures in the command line's one voice (``CommandLineVoice``).
    /// A signal (SIGINT, SIGTERM, SIGHUP) removes the downloads' temporary files before the process
    /// ends by it, and so does the end of the run, failed or not: a body still held by shared work
    /// when the process exits would otherwise stay on disk.
    static func main() async {
        InterruptionCleanup.install()
        var running: any ParsableCommand.Type = Self.self
        do {
            var command = try parseAsRoot()
            running = type(of: command)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            TemporaryFileRegistry.shared.removeAllForTermination()
            CommandLineVoice.terminate(self, running: running, error: error)
        }
        TemporaryFileRegistry.shared.removeAllForTermination()
    }

    func run() async throws {
        let loader = try Self.makeLoader(maxResponseBytes: options.maxResponseBytes)
        let (jobs, output) = (options.jobs, options.output)
        let timeout = Duration.milliseconds(Int64((options.timeout * 1000).rounded(.up)))
        let idleTimeout = Duration.milliseconds(Int64((options.idleTimeout * 1000).rounded(.up)))
        let pipeline: ImagePipeline
        do {
            let disk = try options.cacheDirectory.map { directory throws(ImagePipelineError) in try DiskCache(directory: directory) }
            if let output { try Self.createDirectory(output) }
            // AsyncHTTPClient: streamed with backpressure, deadlines that hold (see Sources/ImagePipeline/ImagePipeline.docc/PipelineDesign.md).
            pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(
                codecs: StandardCodecs.registry, loader: loader,
                diskCache: disk, maxConcurrentLoads: jobs, maxConcurrentDecodes: min(jobs, ProcessorCount.active),
                decoding: DecodeOptions(strictness: options.strict ? .strict : .lenient), maxResponseBytes: options.maxResponseBytes,
                requestTimeout: timeout, idleTimeout: min(timeout, idleTimeout),
                diskCachePolicy: options.keepForever ? .keepForever : .http))
        } catch {
            StandardStreams.printError(CommandLineVoice.line(error))
            throw ExitCode(1)
        }
        var unique: [String] = []
        var seen: Set<String> = []
        for url in options.urls where seen.insert(url).inserted { unique.append(url) }
        let lines = await fetchAll(unique, pipeline: pipeline)
        var failures = 0
        for url in options.urls {
            let (line, message) = lines[url] ?? (FileLine(url: url, FailureField("not fetched")), "not fetched")
            try StandardStreams.printLine(line)
            if let fetched = line as? FetchedLine {
                for warning in fetched.warnings ?? [] { StandardStreams.printError("pixelkit: warning: \(Self.naming(url, warning))") }
            }
            if let message {
                failures += 1
                StandardStreams.printError("pixelkit: \(Self.naming(url, message))")
            }
        }
        // Copies served under stale-while-revalidate: their refreshed entries reach the cache before exit.
        await pipeline.waitForRevalidations()
        if failures > 0 { throw ExitCode(1) }
    }

    /// AsyncHTTPClient's loader, which only a build with the `HTTPClientLoader` trait (off by default) has.
    /// Without it `fetch` refuses rather than fall back to URLSession's loader, which on Linux holds no
    /// deadline and buffers whole bodies (see Sources/ImagePipeline/ImagePipeline.docc/PipelineDesign.md).
    static func makeLoader(maxResponseBytes: Int) throws -> any ImageDataLoading {
        #if HTTPClientLoader
        return HTTPClientImageDataLoader(maxResponseBytes: maxResponseBytes)
        #else
        StandardStreams.printError("pixelkit: this pixelkit was built without the HTTPClientLoader trait, so it cannot fetch (build it with --traits HTTPClientLoader)")
        throw ExitCode(2)
        #endif
    }

    /// `message`, preceded by the URL unless it names it already: the URL once per line.
    static func naming(_ url: String, _ message: String) -> String {
        message.contains(url) ? message : url + ": " + message
    }

    /// Each URL's JSON line and error message, at most `jobs` at once.
    private func fetchAll(_ urls: [String], pipeline: ImagePipeline) async -> [String: (any FetchLine, String?)] {
        let preparation = ImagePreparation(
            thumbnail: options.output == nil ? nil : ThumbnailPreparation(maxPixelSize: options.maxPixelSize, encoding: .jpeg),
            averageColor: true, blurHash: true)
        let outputDirectory = options.output
        let jobs = options.jobs
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
                format: image.info.format.rawValue, average: image.averageColor?.hex, blurhash: image.blurHash,
                warnings: image.warnings.isEmpty ? nil : image.warnings)
            if let outputDirectory, let encoded = image.encodedThumbnail {
                let path = outputDirectory + "/" + thumbnailName(for: url, fileExtension: encoded.fileExtension)
                do throws(ImageError) { try ImageFileWriter().write(encoded.data, to: path) } catch { throw .image(error) }
                line.thumbnail = path
            }
            return (text, line, nil)
        } catch {
            // A file URL's own failure (missing, a directory) names the file once, by its URL.
            let message = URL(string: text).flatMap { $0.isFileURL ? $0.path : nil }
                .map { CommandLineVoice.reason(for: error, naming: $0) } ?? error.description
            return (text, FileLine(url: text, FailureField(message)), message)
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
        if case .failure(let failure) = FileSystemCalls.live.makeDirectories(PlatformPath(path)) {
            throw .file(FileError(path: failure.path.displayName, operation: .createDirectory, errno: failure.error.code))
        }
    }
}
