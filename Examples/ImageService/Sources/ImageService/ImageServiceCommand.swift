import ArgumentParser
import Foundation
import Hummingbird
import ImageServiceCore
import Logging
import PixelKit

/// `image-service`: an upload service for photos, built on PixelKit and Hummingbird.
@main
struct ImageServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image-service",
        abstract: "Stores uploaded photos by their SHA-256 and serves their metadata, originals and thumbnails.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: "The storage folder (created if needed; may be shared by several replicas).")
    var storage: String

    @Option(help: "The largest upload accepted, in bytes.")
    var maxUploadBytes = 50_000_000

    @Option(help: "Decodes at once (default: the number of cores).")
    var maxConcurrentDecodes = Thumbnailer.defaultConcurrency

    @Option(help: "Requests that may wait for a decode; more are answered 503 with Retry-After.")
    var maxQueuedDecodes = 32

    @Option(help: "The longest one decode may take (an upload's checks, or one thumbnail), in seconds; past it the request gets 422. Also the longest a request waits for a decode slot before 503.")
    var decodeTimeout = 10.0

    @Option(help: "Pixels (at a JPEG's cost) an upload's checks decode per second on one slot: an upload whose estimated work would not finish within --decode-timeout at this rate gets 422 before it takes a slot.")
    var decodeRate = 25_000_000

    @Option(help: "The formats uploads may be in, comma-separated (default: every one PixelKit reads: jpeg, png, heif (HEIC and AVIF), webp, gif); an upload in another is refused by name (415).")
    var formats = ImageAnalyzer.allFormats.map(\.rawValue).joined(separator: ",")

    @Option(help: "The longest an upload may take to arrive, in seconds.")
    var uploadTimeout = 60.0

    @Option(help: "How long an idle connection is kept open, in seconds.")
    var idleTimeout = 30.0

    @Option(help: "Memory for recently served thumbnails, in bytes (0: serve every thumbnail from storage).")
    var thumbnailCacheBytes = 64 << 20

    @Option(help: "A name sent in the X-Replica header of every response.")
    var replicaName: String?

    @Flag(inversion: .prefixedNo, help: "Make progressive JPEG thumbnails (the default; --no-progressive-thumbnails makes baseline ones): usually 2–3% smaller, about 1.7× the encode time.")
    var progressiveThumbnails = true

    func validate() throws {
        guard maxUploadBytes > 0 else { throw ValidationError("--max-upload-bytes must be positive") }
        guard maxConcurrentDecodes > 0 else { throw ValidationError("--max-concurrent-decodes must be positive") }
        guard maxQueuedDecodes >= 0 else { throw ValidationError("--max-queued-decodes must not be negative") }
        guard decodeRate > 0 else { throw ValidationError("--decode-rate must be positive") }
        guard thumbnailCacheBytes >= 0 else { throw ValidationError("--thumbnail-cache-bytes must not be negative") }
        let known = ImageAnalyzer.allFormats.map(\.rawValue)
        for name in formatList where !known.contains(name.rawValue) {
            throw ValidationError("--formats: unknown format '\(name)' (known: \(known.joined(separator: ", ")))")
        }
        guard !formatList.isEmpty else { throw ValidationError("--formats must name at least one format") }
        guard uploadTimeout > 0, idleTimeout > 0, decodeTimeout > 0 else { throw ValidationError("timeouts must be positive") }
    }

    /// `--formats` as names.
    var formatList: [ImageFormat] {
        formats.split(separator: ",").map { ImageFormat(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "image-service")
        logger.logLevel = .info
        var configuration = ServiceConfiguration(
            host: host, port: port, storage: storage, maxUploadBytes: maxUploadBytes,
            maxConcurrentDecodes: maxConcurrentDecodes, maxQueuedDecodes: maxQueuedDecodes,
            decodeTimeout: .milliseconds(Int64(decodeTimeout * 1000)),
            uploadTimeout: .milliseconds(Int64(uploadTimeout * 1000)), idleTimeout: .milliseconds(Int64(idleTimeout * 1000)),
            thumbnailCacheBytes: thumbnailCacheBytes, replicaName: replicaName, decodeRate: decodeRate, formats: formatList)
        configuration.progressiveThumbnails = progressiveThumbnails
        let app = try buildImageService(configuration, logger: logger) { host, port in
            // One line on stdout, for scripts and tests that start the service on port 0.
            FileHandle.standardOutput.write(Data("listening on \(host):\(port)\n".utf8))
        }
        try await app.runService()
    }
}
