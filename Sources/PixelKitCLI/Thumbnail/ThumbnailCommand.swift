import PixelKitCommandSupport
import ArgumentParser
import Dispatch
import PixelKit
import PixelKitWebP
import PixelKitPlatform

/// `pixelkit thumbnail`: bounded-size, upright thumbnails of many images, one JSON line per input
/// in input order.
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Write downsampled, upright thumbnails: one JSON line per input, in input order.",
        discussion: """
            Writes DIR/<name>.jpg (or .png, .webp) for each FILE and prints {"file","output","width","height"} \
            (and "warnings" when the decoder met recoverable damage; --strict makes that an error) \
            or {"file","error"} with the message on standard error. Exit status 1 if any input failed.
            """
    )

    @Option(name: .customLong("max-pixel-size"), help: "Longest side of each thumbnail, in pixels (never enlarged).")
    var maxPixelSize: Int = 2000

    @Option(help: "JPEG/WebP quality 0…1 for every input (default: 0.75).")
    var quality: Double?

    @Flag(name: .customLong("no-orient"), help: "Keep the stored orientation instead of applying the EXIF orientation.")
    var noOrient = false

    @Option(help: "Output format: jpeg, png or webp.")
    var format: OutputFormat = .jpeg

    @Option(name: .customLong("decode-headroom"), help: "Decode at least this many times the thumbnail's size (1: fastest; 2: sharpest, like libvips).")
    var decodeHeadroom: Double = 1

    @Option(name: .customLong("preferred-decode-max-pixels"), help: "Decode at 2× the thumbnail's size (or more, with --decode-headroom) when that asks for at most this many pixels (default 3000000; 0: off).")
    var preferredDecodeMaxPixels: Int?

    @Flag(inversion: .prefixedNo, help: "Write progressive JPEGs (the default; --no-progressive writes baseline ones): usually 2–3% smaller, about 1.7× the encode time. PNGs are never interlaced.")
    var progressive = true

    @Option(name: .customLong("resampling-space"), help: "Mix pixels in linear light (the default: physically right, detail keeps its brightness) or in gamma space (the sRGB numbers, as Pillow, libvips and ImageIO do).")
    var resamplingSpace: ResamplingSpace = .linear

    @Flag(help: "Fail on recoverable damage (e.g. a truncated JPEG) instead of warning.")
    var strict = false

    @OptionGroup var color: ColorSpaceOption

    @Option(help: "Images processed at once (default: the number of active processors); above 1, each image is decoded on one thread.")
    var jobs: Int?

    @Option(name: [.customShort("o"), .customLong("output")], help: "Directory the thumbnails are written to (created if missing).")
    var outputDirectory: String

    @Argument(help: "Image files (JPEG, PNG, HEIF/HEIC/AVIF, WebP or GIF).")
    var files: [String]

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case jpeg, png, webp
        var imageFormat: ImageFormat {
            switch self {
            case .jpeg: .jpeg
            case .png: .png
            case .webp: .webp
            }
        }
    }

    func validate() throws {
        do {
            _ = try makeOptions()
        } catch {
            // An option value out of range is a usage error.
            guard case .invalidOptions(let message) = error.kind else { throw error }
            throw ValidationError(message)
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs) must be at least 1") }
    }

    func run() throws {
        let options = try makeOptions()
        let jobs = self.jobs ?? ProcessorCount.active
        do {
            try ThumbnailOutput.createDirectory(outputDirectory)
        } catch {
            // Every input fails the same way; each still gets its line, as the contract says.
            var reporter = PerFileReporter()
            for file in files { reporter.report(file: file, error: error) }
            if files.isEmpty { StandardStreams.printError(CommandLineVoice.prefix + String(describing: error)) }
            throw ExitCode(1)
        }
        InterruptionCleanup.install()
        let thumbnailer = Thumbnailer(codecs: StandardCodecs.registry, options: options)
        let fileExtension = (try? StandardCodecs.registry.encoder(for: format.imageFormat).fileExtension) ?? format.rawValue
        let plan = ThumbnailOutput(directory: outputDirectory, files: files, fileExtension: fileExtension)
        let anyFailed = Self.runBlocking { await Self.process(plan: plan, thumbnailer: thumbnailer, jobs: jobs) }
        if anyFailed { throw ExitCode(1) }
    }

    private func makeOptions() throws(ImageError) -> ThumbnailOptions {
        var options = ThumbnailOptions(
            maxPixelSize: maxPixelSize, appliesOrientation: !noOrient, format: format.imageFormat, reducedDecodeHeadroom: decodeHeadroom)
        options.decoding.strictness = strict ? .strict : .lenient
        options.decoding.outputColorSpace = color.output
        options.progressive = progressive
        options.space = resamplingSpace
        if let preferredDecodeMaxPixels { options.preferredDecodeMaxPixels = preferredDecodeMaxPixels }
        if let quality { options.quality = quality }
        try options.validate()
        return options
    }

    /// Runs the batch, printing each result in input order; true if any input failed.
    private static func process(plan: ThumbnailOutput, thumbnailer: Thumbnailer, jobs: Int) async -> Bool {
        var reporter = PerFileReporter(progressBar: plan.files.isEmpty ? nil : ProgressBar())
        let bar = reporter.progressBar
        do {
            try await thumbnailer.forEachThumbnail(
                of: plan.sources, concurrency: jobs,
                progress: { bar?.show($0) }
            ) { item in
                let file = plan.files[item.index]
                do {
                    let thumbnail = try item.result.get()
                    let output = try plan.write(thumbnail.data, forInput: item.index)
                    try reporter.print(ThumbnailLine(
                        file: file, output: output, width: thumbnail.size.width, height: thumbnail.size.height,
                        warnings: thumbnail.warnings.isEmpty ? nil : thumbnail.warnings.map(\.message)))
                } catch {
                    reporter.report(file: file, error: error)
                }
            }
        } catch {
            bar?.clear()
            StandardStreams.printError(CommandLineVoice.prefix + String(describing: error))
            return true
        }
        bar?.clear()
        return reporter.failures > 0
    }

    /// Runs async work from this synchronous command (the root command is synchronous) and waits for it.
    private static func runBlocking(_ work: @escaping @Sendable () async -> Bool) -> Bool {
        let outcome = PThreadLocked(false)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await work()
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }
    }

    /// `{"file","output","width","height"}` and `"warnings"` when the decoder met recoverable damage.
    private struct ThumbnailLine: Encodable {
        let file: String
        let output: String
        let width: Int
        let height: Int
        let warnings: [String]?
    }
}

extension ResamplingSpace: ExpressibleByArgument {}
