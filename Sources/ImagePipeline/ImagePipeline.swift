import Foundation
import PixelKit
import PixelKitPlatform

/// Loads images once and prepares them: thumbnails, average colors and BlurHash placeholders,
/// served from a memory cache of prepared results and a disk cache of the original bytes.
///
/// ```swift
/// let pipeline = ImagePipeline(configuration: .init(
///     codecs: CodecRegistry([JPEGCodec(), PNGCodec()]),
///     diskCache: try DiskCache(directory: "/var/cache/images")))
/// let tile = try await pipeline.image(for: ImageRequest(url: url, preparation: .gallery(maxPixelSize: 400)))
/// ```
///
/// Concurrent requests for one source share one load; those that also want the same preparation
/// share one decode. A shared load or decode is cancelled only when every request waiting on it has
/// been cancelled, and a cancelled request returns at once. See the ImagePipeline catalog's "Loading, Caching and Serving Images".
public final class ImagePipeline: Sendable {
    /// The settings this pipeline was made with.
    public let configuration: ImagePipelineConfiguration
    /// Prepared results, by source and preparation.
    public let memoryCache: MemoryCache<PreparedImageKey, PreparedImage>

    private struct LoadedData: Sendable {
        var bytes: LoadedBytes
        var summary: ImageSummary
        var origin: ImageOrigin
        /// What the disk cache keeps with the bytes; nil when they must not be stored (`no-store`,
        /// or not a remote source).
        var metadata: HTTPCacheMetadata?
        /// Disk cache writes that failed.
        var warnings: [String] = []
        /// For a `file` URL, the disk cache key of its summary (the version read; see `LocalFileVersion`).
        var localSummaryKey: String?
    }

    private struct Registry {
        var loads: [String: SharedWork<LoadedData>] = [:]
        var preparations: [PreparedImageKey: SharedWork<PreparedImage>] = [:]
        var prefetches: [PreparedImageKey: Task<Void, Never>] = [:]
        /// Background revalidations of entries served under `stale-while-revalidate`, by source key.
        var revalidations: [String: Task<Void, Never>] = [:]
    }

    private let registry = PThreadLocked(Registry())
    private let counters = PThreadLocked(ImagePipelineMetrics())
    private let loadGate: PriorityGate
    private let decodeGate: PriorityGate
    private let preparer: ImagePreparer

    /// A pipeline with these settings.
    public init(configuration: ImagePipelineConfiguration) {
        self.configuration = configuration
        memoryCache = MemoryCache(costLimit: configuration.memoryCacheCostLimit)
        loadGate = PriorityGate(limit: configuration.maxConcurrentLoads)
        decodeGate = PriorityGate(limit: configuration.maxConcurrentDecodes)
        preparer = ImagePreparer(codecs: configuration.codecs, decoding: configuration.decoding)
    }

    /// What the pipeline did so far.
    public var metrics: ImagePipelineMetrics {
        var metrics = counters.withLock { $0 }
        metrics.queuedLoads = loadGate.waitingCount
        metrics.queuedDecodes = decodeGate.waitingCount
        return metrics
    }

    // MARK: - Requests

    /// The prepared image for `request`: from the memory cache, or made from the disk cache's bytes
    /// (or its stored summary, for a placeholder-only preparation), or loaded.
    /// - Throws: ``ImagePipelineError`` (``ImagePipelineError/cancelled`` as soon as the calling task is cancelled).
    public func image(for request: ImageRequest) async throws(ImagePipelineError) -> PreparedImage {
        try Self.validate(request)
        let key = PreparedImageKey(request)
        if var cached = memoryCache.value(forKey: key) {
            counters.withLock { $0.memoryHits += 1 }
            cached.origin = .memory
            return cached
        }
        if Task.isCancelled { throw .cancelled }
        let (work, waiter) = preparationWork(key: key, request: request)
        counters.withLock { $0.waitingRequests += 1 }
        defer { counters.withLock { $0.waitingRequests -= 1 } }
        return try await work.wait(waiter).get()
    }

    /// The original bytes of `request`'s source, from the disk cache or loaded (no decode).
    /// - Throws: ``ImagePipelineError``.
    public func data(for request: ImageRequest) async throws(ImagePipelineError) -> [UInt8] {
        try Self.validate(request)
        if Task.isCancelled { throw .cancelled }
        let (work, waiter) = loadWork(source: request.source, priority: request.priority)
        counters.withLock { $0.waitingRequests += 1 }
        defer { counters.withLock { $0.waitingRequests -= 1 } }
        return try await work.wait(waiter).get().bytes.contents()
    }

    /// The summary the disk cache holds for `source` (header facts, and the average color and
    /// BlurHash once computed), read without loading or decoding anything: a placeholder at once.
    public func storedSummary(for source: ImageRequestSource) -> ImageSummary? {
        if let key = localSummaryKey(for: source) { return configuration.diskCache?.summary(forKey: key) }
        guard source.isRemote else { return nil }
        return configuration.diskCache?.summary(forKey: source.cacheKey)
    }

    // MARK: - Prefetching

    /// Warms the caches for `requests` at prefetch priority: their work queues behind user-visible
    /// work and shares the pipeline's bounded loads and decodes. Already-cached results cost nothing.
    public func prefetch(_ requests: [ImageRequest]) {
        for var request in requests {
            request.priority = .prefetch
            let key = PreparedImageKey(request)
            guard memoryCache.value(forKey: key) == nil else { continue }
            registry.withLock { state in
                guard state.prefetches[key] == nil else { return }
                state.prefetches[key] = Task(priority: .low) { [self, request] in
                    _ = try? await image(for: request)
                    registry.withLock { _ = $0.prefetches.removeValue(forKey: key) }
                }
            }
        }
    }

    /// Stops prefetching `requests` (same sources and preparations); work that user-visible requests
    /// also wait on goes on for them.
    public func cancelPrefetch(_ requests: [ImageRequest]) {
        let tasks = registry.withLock { registry in
            requests.compactMap { registry.prefetches.removeValue(forKey: PreparedImageKey($0)) }
        }
        for task in tasks { task.cancel() }
    }

    // MARK: - Shared work

    private func preparationWork(key: PreparedImageKey, request: ImageRequest) -> (SharedWork<PreparedImage>, Int) {
        // The load this preparation waits on, once it does, so a raised priority reaches its queue too.
        let loadLink = PThreadLocked<SharedWork<LoadedData>?>(nil)
        let (work, waiter, isNew) = registry.withLock { registry -> (SharedWork<PreparedImage>, Int, Bool) in
            if let existing = registry.preparations[key], let waiter = existing.join(priority: request.priority) {
                return (existing, waiter, false)
            }
            let ticket = decodeGate.makeTicket()
            let work = SharedWork<PreparedImage>(
                priority: request.priority, ticket: ticket,
                onEnd: { [weak self] work in
                    self?.registry.withLock { registry in
                        if registry.preparations[key] === work { registry.preparations[key] = nil }
                    }
                },
                onRaise: { [weak self] priority in
                    // Called under the registry's lock: only the gate's and the load's locks are taken here.
                    self?.decodeGate.raise(ticket: ticket, to: priority)
                    loadLink.withLock { $0 }?.raise(to: priority)
                })
            let waiter = work.join(priority: request.priority)!
            registry.preparations[key] = work
            return (work, waiter, true)
        }
        if isNew {
            let source = request.source
            let preparation = request.preparation
            work.start { [self] work in
                do throws(ImagePipelineError) {
                    return .success(try await prepare(preparation, of: source, key: key, work: work, loadLink: loadLink))
                } catch {
                    return .failure(error)
                }
            }
        }
        return (work, waiter)
    }

    private func loadWork(source: ImageRequestSource, priority: ImageRequestPriority) -> (SharedWork<LoadedData>, Int) {
        let key = source.cacheKey
        let (work, waiter, isNew) = registry.withLock { registry -> (SharedWork<LoadedData>, Int, Bool) in
            if let existing = registry.loads[key], let waiter = existing.join(priority: priority) {
                return (existing, waiter, false)
            }
            let ticket = loadGate.makeTicket()
            let work = SharedWork<LoadedData>(
                priority: priority, ticket: ticket,
                onEnd: { [weak self] work in
                    self?.registry.withLock { registry in
                        if registry.loads[key] === work { registry.loads[key] = nil }
                    }
                },
                onRaise: { [weak self] priority in self?.loadGate.raise(ticket: ticket, to: priority) })
            let waiter = work.join(priority: priority)!
            registry.loads[key] = work
            return (work, waiter, true)
        }
        if isNew {
            work.start { [self] work in
                do throws(ImagePipelineError) {
                    return .success(try await load(source, ticket: work.ticket, priority: { work.priority }))
                } catch {
                    return .failure(error)
                }
            }
        }
        return (work, waiter)
    }

    // MARK: - Stages

    /// The load stage: the disk cache's verified entry when fresh, else the loader's bytes (a
    /// conditional request when a stale entry has validators), probed and stored as HTTP allows. A
    /// stale entry within its `stale-while-revalidate` time is served at once, and revalidated by a
    /// background load (`inBackground`) that only refreshes the disk cache.
    private func load(
        _ source: ImageRequestSource, ticket: Int, priority: () -> ImageRequestPriority, inBackground: Bool = false
    ) async throws(ImagePipelineError) -> LoadedData {
        let key = source.cacheKey
        let disk = source.isRemote ? configuration.diskCache : nil
        var stale: (data: [UInt8], summary: ImageSummary, metadata: HTTPCacheMetadata)?
        // An entry stored for other values of the headers its response named in `Vary` is not this request's.
        if let disk, let entry = disk.cachedEntry(forKey: key), usable(entry.metadata) {
            if isFresh(entry.metadata) && !inBackground {
                counters.withLock { $0.diskHits += 1 }
                return LoadedData(bytes: .memory(entry.data), summary: entry.summary, origin: .disk, metadata: entry.metadata)
            }
            if !inBackground, configuration.diskCachePolicy == .http, entry.metadata.mayServeWhileRevalidating(at: Self.now) {
                counters.withLock { $0.diskHits += 1 }
                revalidateInBackground(source)
                return LoadedData(bytes: .memory(entry.data), summary: entry.summary, origin: .stale, metadata: entry.metadata)
            }
            stale = entry
        }
        let bytes: LoadedBytes
        var metadata: HTTPCacheMetadata?
        var localSummaryKey: String?
        switch source {
        case .bytes(_, let data):
            bytes = .memory(data)
        case .url(let url) where !source.isRemote:
            try await loadGate.enter(ticket: ticket, priority: priority())
            defer { loadGate.leave() }
            counters.withLock { $0.loads += 1 }
            if Task.isCancelled { throw .cancelled }
            let version = self.localSummaryKey(for: source)
            bytes = .memory(try LocalFileLoader.load(path: url.path, maxBytes: configuration.maxResponseBytes))
            // Only when the file did not change while it was read is its summary the version's.
            localSummaryKey = version == self.localSummaryKey(for: source) ? version : nil
            if let localSummaryKey, let stored = configuration.diskCache?.summary(forKey: localSummaryKey) {
                counters.withLock { $0.diskHits += 1 }
                return LoadedData(bytes: bytes, summary: stored, origin: .disk, localSummaryKey: localSummaryKey)
            }
        case .url(let url):
            try await loadGate.enter(ticket: ticket, priority: priority())
            defer { loadGate.leave() }
            counters.withLock { $0.loads += 1 }
            var request = ImageLoadRequest(
                url: url, entityTag: stale?.metadata.entityTag, lastModified: stale?.metadata.lastModified,
                timeout: configuration.requestTimeout, idleTimeout: configuration.idleTimeout)
            request.headers = configuration.requestHeaders
            let body: ResponseBody
            do throws(ImagePipelineError) {
                body = try ResponseBody(url: url.absoluteString, limit: configuration.maxResponseBytes, directory: disk?.directory)
            } catch where disk != nil {
                // A cache folder that cannot be written (read-only, full) costs the cache, not the
                // answer: the body goes to the system's temporary folder, and the failed store of
                // the entry below becomes the result's warning.
                body = try ResponseBody(url: url.absoluteString, limit: configuration.maxResponseBytes, directory: nil)
            }
            let response: ImageLoadResponse
            do throws(ImagePipelineError) {
                response = try await configuration.loader.load(request, into: body)
            } catch {
                // The server cannot be reached: a stale copy is better than none, unless it forbade that.
                if let stale, !stale.metadata.mustRevalidate, error.meansUnreachable {
                    return LoadedData(bytes: .memory(stale.data), summary: stale.summary, origin: .stale, metadata: stale.metadata)
                }
                throw error
            }
            let now = Self.now
            if response.notModified {
                guard let stale, let disk else { throw .httpStatus(url: url.absoluteString, code: 304) }
                let refreshed = stale.metadata.refreshed(by: response.cacheHeaders, at: now)
                var loaded = LoadedData(bytes: .memory(stale.data), summary: stale.summary, origin: .revalidated, metadata: refreshed)
                if let warning = store(.memory(stale.data), summary: stale.summary, metadata: refreshed, key: key, in: disk) { loaded.warnings.append(warning) }
                return loaded
            }
            // Decoded and stored from its file: memory does not follow the body's size. The copy into
            // the disk cache checks the file against the hash taken as the bytes arrived (below).
            bytes = try .download(body)
            let headers = response.cacheHeaders
            if (headers.forbidsStorage || headers.variesOnEverything) && configuration.diskCachePolicy == .http {
                // A copy stored before the server said `no-store` (or `Vary: *`) must not outlive it either.
                if stale != nil { disk?.removeEntry(forKey: key) }
            } else {
                metadata = configuration.diskCachePolicy == .http
                    ? headers.metadata(receivedAt: now, requestHeaders: configuration.requestHeaders) : HTTPCacheMetadata(storedAt: now)
            }
        }
        if Task.isCancelled { throw .cancelled }
        let summary = try preparer.summarize(bytes.imageSource, byteCount: bytes.count, name: source.displayName)
        var loaded = LoadedData(bytes: bytes, summary: summary, origin: .network, metadata: disk == nil ? nil : metadata, localSummaryKey: localSummaryKey)
        if let localSummaryKey, let warning = storeLocalSummary(summary, key: localSummaryKey) { loaded.warnings.append(warning) }
        if let disk, let metadata {
            if let warning = store(bytes, summary: summary, metadata: metadata, key: key, in: disk) {
                // A failed copy: if it failed because the file no longer holds what arrived, nothing
                // decoded from it may be served.
                if case .file(let body, _) = bytes { try body.verify() }
                loaded.warnings.append(warning)
            }
        } else if case .file(let body, _) = bytes {
            try body.verify()
        }
        if case .file(let body, _) = bytes { counters.withLock { $0.downloadBytesReadBack += body.bytesReadBack } }
        return loaded
    }

    /// Starts one background revalidation of `source`'s disk entry (a conditional request at prefetch
    /// priority through the load gate; a 304 or a new body refreshes the entry), unless one runs.
    private func revalidateInBackground(_ source: ImageRequestSource) {
        let key = source.cacheKey
        registry.withLock { state in
            guard state.revalidations[key] == nil else { return }
            let ticket = loadGate.makeTicket()
            state.revalidations[key] = Task(priority: .low) { [self] in
                _ = try? await load(source, ticket: ticket, priority: { .prefetch }, inBackground: true)
                registry.withLock { _ = $0.revalidations.removeValue(forKey: key) }
            }
        }
    }

    /// Returns when the background revalidations started so far (entries served under
    /// `stale-while-revalidate`) have ended: a short-lived process awaits this before it exits, so
    /// that the refreshed entries reach the disk cache.
    public func waitForRevalidations() async {
        while let task = registry.withLock({ $0.revalidations.values.first }) {
            await task.value
        }
    }

    /// Whether a disk entry may answer this pipeline's requests at all: its `Vary` values match the
    /// headers the pipeline sends (always, when keeping everything).
    private func usable(_ metadata: HTTPCacheMetadata) -> Bool {
        configuration.diskCachePolicy == .keepForever || metadata.matches(requestHeaders: configuration.requestHeaders)
    }

    /// Whether a disk entry may be served without asking the server.
    private func isFresh(_ metadata: HTTPCacheMetadata) -> Bool {
        configuration.diskCachePolicy == .keepForever || metadata.isFresh(at: Self.now)
    }

    private static var now: Double { Date().timeIntervalSince1970 }

    /// The decode stage, after the placeholder shortcut: the stored summary answers a preparation
    /// that needs no pixels.
    private func prepare(
        _ preparation: ImagePreparation, of source: ImageRequestSource, key: PreparedImageKey, work: SharedWork<PreparedImage>,
        loadLink: PThreadLocked<SharedWork<LoadedData>?>
    ) async throws(ImagePipelineError) -> PreparedImage {
        if preparation.thumbnail == nil, let summary = freshStoredSummary(for: source), summary.satisfies(preparation) {
            counters.withLock { $0.diskHits += 1 }
            let image = PreparedImage(
                info: summary.info, averageColor: preparation.averageColor ? summary.averageColor : nil,
                blurHash: preparation.blurHash ? summary.blurHash : nil, palette: preparation.palette ? summary.palette : nil,
                origin: .disk, warnings: summary.warnings)
            try checkStrictness(image, source: source)
            memoryCache.insert(image, forKey: key, cost: image.cost)
            return image
        }
        let (loadShared, waiter) = loadWork(source: source, priority: work.priority)
        loadLink.withLock { $0 = loadShared }
        // A raise that came between reading the priority and linking the load.
        loadShared.raise(to: work.priority)
        let loaded = try await loadShared.wait(waiter).get()
        guard preparation.decodes else {
            let image = PreparedImage(info: loaded.summary.info, origin: loaded.origin, warnings: loaded.warnings)
            memoryCache.insert(image, forKey: key, cost: image.cost)
            return image
        }
        try await decodeGate.enter(ticket: work.ticket, priority: work.priority)
        defer { decodeGate.leave() }
        counters.withLock { $0.decodes += 1 }
        if case .file = loaded.bytes { counters.withLock { $0.decodesFromFiles += 1 } }
        let (prepared, summary) = try preparer.prepare(preparation, source: loaded.bytes.imageSource, summary: loaded.summary, origin: loaded.origin)
        var image = prepared
        image.warnings += loaded.warnings
        // A copy served stale is not stored again: a background revalidation may have replaced or
        // refreshed the entry meanwhile, and its metadata must not be rolled back.
        if summary != loaded.summary, loaded.origin != .stale, let metadata = loaded.metadata, source.isRemote,
           let disk = configuration.diskCache {
            // Keep what was learned with the bytes, so the next process can show a placeholder at once;
            // merged with what another preparation may have stored meanwhile.
            let stored = disk.summary(forKey: source.cacheKey).map { summary.merging($0) } ?? summary
            if let warning = store(loaded.bytes, summary: stored, metadata: metadata, key: source.cacheKey, in: disk),
               !image.warnings.contains(warning) {
                image.warnings.append(warning)
            }
        }
        // A file's summary is kept without its bytes, under its version's key.
        if summary != loaded.summary, let localKey = loaded.localSummaryKey,
           let warning = storeLocalSummary(configuration.diskCache?.summary(forKey: localKey).map { summary.merging($0) } ?? summary, key: localKey),
           !image.warnings.contains(warning) {
            image.warnings.append(warning)
        }
        try checkStrictness(image, source: source)
        memoryCache.insert(image, forKey: key, cost: image.cost)
        return image
    }

    /// The disk cache's summary for `source` when it may answer without a request: a remote entry
    /// usable and fresh under the cache policy, or the summary of a `file` URL's current version.
    private func freshStoredSummary(for source: ImageRequestSource) -> ImageSummary? {
        if let key = localSummaryKey(for: source) { return configuration.diskCache?.summary(forKey: key) }
        guard source.isRemote, let (summary, metadata) = configuration.diskCache?.cachedSummary(forKey: source.cacheKey),
              usable(metadata), isFresh(metadata) else { return nil }
        return summary
    }

    /// Keeps a `file` URL's summary, without its bytes, under its version's key (see `LocalFileVersion`);
    /// a failure is returned as a warning, as `store` does.
    private func storeLocalSummary(_ summary: ImageSummary, key: String) -> String? {
        guard let disk = configuration.diskCache else { return nil }
        return store(.memory([]), summary: summary, metadata: HTTPCacheMetadata(storedAt: Self.now), key: key, in: disk)
    }

    /// A strict pipeline refuses a result whose decoders met damage, even when the decode happened
    /// in an earlier run and its warnings come from the disk cache's summary.
    private func checkStrictness(_ image: PreparedImage, source: ImageRequestSource) throws(ImagePipelineError) {
        guard configuration.decoding.strictness == .strict else { return }
        let damage = image.warnings.filter { !$0.hasPrefix(Self.diskCacheWarningPrefix) }
        if !damage.isEmpty { throw .damagedImage(url: source.displayName, warnings: damage) }
    }

    private static let diskCacheWarningPrefix = "disk cache not written: "

    /// Stores an entry; a failure is counted and returned as a warning (the request itself succeeds).
    private func store(_ bytes: LoadedBytes, summary: ImageSummary, metadata: HTTPCacheMetadata, key: String, in disk: DiskCache) -> String? {
        do throws(ImagePipelineError) {
            switch bytes {
            case .memory(let data): try disk.store(data, summary: summary, metadata: metadata, forKey: key)
            case .file(let body, _): try disk.store(contentsOf: body, summary: summary, metadata: metadata, forKey: key)
            }
            return nil
        } catch {
            counters.withLock { $0.diskWriteFailures += 1 }
            return Self.diskCacheWarningPrefix + error.description
        }
    }

    private static func validate(_ request: ImageRequest) throws(ImagePipelineError) {
        if case .url(let url) = request.source {
            guard let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
                throw .unsupportedURL(url.absoluteString)
            }
            // `file://otherhost/path` names another machine's file, never this one's.
            if scheme == "file", let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
                throw .remoteFileURL(url.absoluteString)
            }
        }
        if let thumbnail = request.preparation.thumbnail {
            guard thumbnail.maxPixelSize >= 1 else { throw .invalidOptions("max pixel size \(thumbnail.maxPixelSize) must be at least 1") }
            guard (0...1).contains(thumbnail.quality) else { throw .invalidOptions("quality \(thumbnail.quality) must be between 0 and 1") }
        }
    }
}
