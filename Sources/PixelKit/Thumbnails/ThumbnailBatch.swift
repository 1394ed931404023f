/// One input's outcome in a batch.
public struct ThumbnailBatchResult: Sendable {
    /// Zero-based position of the input in the batch.
    public var index: Int
    /// The input itself.
    public var source: ImageSource
    /// The thumbnail, or the error this input alone met (the rest of the batch carries on); a
    /// file's error is wrapped in ``ImageError/inFile(path:_:)``.
    public var result: Result<Thumbnail, ImageError>

    /// A result for input `index`.
    init(index: Int, source: ImageSource, result: Result<Thumbnail, ImageError>) {
        self.index = index
        self.source = source
        self.result = result
    }
}

/// How far a batch has got.
public struct ThumbnailProgress: Sendable, Hashable {
    /// Inputs finished (successfully or not).
    public var completed: Int
    /// Of those, the ones that failed.
    public var failed: Int
    /// Inputs in the batch.
    public var total: Int

    /// Progress after `completed` of `total` inputs, `failed` of them with an error.
    init(completed: Int, failed: Int, total: Int) {
        self.completed = completed
        self.failed = failed
        self.total = total
    }

    /// `completed / total`, 1 for an empty batch.
    public var fraction: Double { total == 0 ? 1 : Double(completed) / Double(total) }
}

extension Thumbnailer {
    /// The batch concurrency used when none is given: the number of processors currently online
    /// (at least 1).
    public static var defaultConcurrency: Int { ProcessorCount.active }

    /// Makes a thumbnail of every input, `concurrency` at a time, and hands each result to `body`
    /// **in input order**, whatever order they finish in. A failing input yields its own error in
    /// its result; the others still complete.
    ///
    /// Memory is bounded by design: at most `concurrency` images are being decoded at once, their
    /// large buffers reserved from one ``MemoryBudget`` of `DecodingLimits.maxMemoryBytes` for the
    /// whole batch (a decode waits for room rather than multiplying the limit), and at most `2 × concurrency` finished results
    /// wait for an earlier one — a new input starts only when that window has room, and `body` is
    /// awaited before more results are handed over, so a slow consumer slows the batch down instead
    /// of letting results pile up.
    ///
    /// The images are decoded on other threads (child tasks); `progress` and `body` run on the
    /// caller's actor (`isolation`, the main actor when called from a `@MainActor` type), so they
    /// may touch its state directly and need not be `@Sendable`:
    ///
    /// ```swift
    /// @MainActor final class Gallery {
    ///     var tiles: [Thumbnail] = []
    ///     func load(_ urls: [URL]) async throws {
    ///         let sources = try urls.map { url throws(ImageError) in try ImageSource(url) }
    ///         try await thumbnailer.forEachThumbnail(of: sources, concurrency: 2) { item in
    ///             switch item.result {
    ///             case .success(let thumbnail): self.tiles.append(thumbnail)
    ///             case .failure(let error): print(error.localizedDescription)   // "a.jpg: truncated jpeg: …"
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - inputs: The images, in the order their results are handed to `body`.
    ///   - concurrency: Images processed at once (≥ 1; default ``Thumbnailer/defaultConcurrency``,
    ///     the number of active processors).
    ///   - isolation: The actor `progress` and `body` run on; by default the caller's.
    ///   - progress: Called after each input finishes (in completion order), on `isolation`.
    ///   - body: Receives each result in input order, on `isolation`.
    /// - Throws: What `body` throws, or `ImageError.cancelled` when the task is cancelled: no new input
    ///   starts, those in flight stop at their next row, and no further result is handed to `body`.
    public func forEachThumbnail<Inputs: Collection<ImageSource>>(
        of inputs: Inputs, concurrency: Int = Thumbnailer.defaultConcurrency,
        isolation: isolated (any Actor)? = #isolation,
        progress: ((ThumbnailProgress) -> Void)? = nil,
        _ body: (ThumbnailBatchResult) async throws -> Void
    ) async throws {
        let concurrency = max(1, concurrency)
        let total = inputs.count
        // Each image may decode and resample on a second core only when the batch makes one image
        // at a time: with more in flight the second thread's extra CPU is taken from the others
        // (issue 42). The pixels are the same either way.
        let overlapping = options.usesSecondThread && min(concurrency, total) == 1 && ProcessorCount.active >= 2
        let aheadLimit = 2 * concurrency
        // One memory budget for the batch: concurrent decodes wait for room instead of each
        // using the whole limit.
        var batchThumbnailer = self
        if batchThumbnailer.options.decoding.limits.memoryBudget == nil {
            batchThumbnailer.options.decoding.limits.memoryBudget = MemoryBudget(limitBytes: options.decoding.limits.maxMemoryBytes)
        }
        let thumbnailer = batchThumbnailer
        var remaining = inputs.makeIterator()
        var started = 0
        var running = 0
        var delivered = 0
        var completed = 0
        var failed = 0
        var waiting: [Int: ThumbnailBatchResult] = [:]

        try await withThrowingTaskGroup(of: ThumbnailBatchResult.self) { group in
            func startMore() {
                while running < concurrency, started - delivered < aheadLimit, !Task.isCancelled,
                      let source = remaining.next() {
                    let index = started
                    group.addTask {
                        ThumbnailBatchResult(index: index, source: source, result: Result { () throws(ImageError) -> Thumbnail in
                            try thumbnailer.thumbnail(of: source, overlapping: overlapping)
                        })
                    }
                    started += 1
                    running += 1
                }
            }
            startMore()
            while let finished = try await group.next() {
                running -= 1
                completed += 1
                if case .failure = finished.result { failed += 1 }
                progress?(ThumbnailProgress(completed: completed, failed: failed, total: total))
                waiting[finished.index] = finished
                while !Task.isCancelled, let next = waiting.removeValue(forKey: delivered) {
                    try await body(next)
                    delivered += 1
                }
                startMore()
            }
        }
        if Task.isCancelled { throw ImageError.cancelled }
    }
}
