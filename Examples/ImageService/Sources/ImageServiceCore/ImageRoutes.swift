import Hummingbird
import NIOCore
import NIOPosix
import PixelKit

/// The HTTP API. Handlers validate ids before any file is touched, do blocking file work on the
/// file thread pool, and decode only through the ``DecodePool`` (threads of its own).
struct ImageRoutes: Sendable {
    let store: ImageStore
    let receiver: UploadReceiver
    let analyzer: ImageAnalyzer
    let decodes: DecodePool
    let metrics: ServiceMetrics
    /// File I/O only: never a decode.
    let threadPool: NIOThreadPool
    /// Each connection's client, to cancel the decode of an upload whose client left.
    let departures: ClientDepartures
    /// Thumbnails recently served.
    let thumbnails: ThumbnailCache
    /// Whether the storage takes writes, for `/health`.
    let storageHealth: StorageHealth
    /// What an upload's estimated work must fit before it takes a decode slot.
    let admission: (timeout: Duration, rate: Int)
    /// Thumbnails being rendered, shared by the requests that ask for them meanwhile.
    let renders = SingleFlight<ThumbnailKey, [UInt8]>()

    /// The thumbnail sizes served (longest side in pixels); a fixed set, so storage per image is bounded.
    static let thumbnailSizes: Set<Int> = [256, 512, 1024, 2000]
    /// Largest thumbnail file read back (a 2000 px JPEG is well under this).
    static let maxThumbnailBytes = 64 << 20

    func add(to router: Router<ServiceRequestContext>, table: RouteTable) {
        table.add("/v1/images", .post, upload, to: router)
        table.add("/v1/images/:id", .get, record, to: router)
        table.add("/v1/images/:id/original", .get, original, to: router)
        table.add("/v1/images/:id/thumbnail", .get, thumbnail, to: router)
    }

    /// `POST /v1/images`: stores the body if it is an image; 201 when new, 200 when already stored.
    @Sendable func upload(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > receiver.maxBytes {
            throw ServiceError.payloadTooLarge(limit: receiver.maxBytes)
        }
        // Closes the connection of a client still sending when the upload's time is up, even if it
        // sends nothing at all (then the body's `for await` below never resumes to check the time).
        let channel = context.channel
        let receiving = channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(receiver.timeout / .nanoseconds(1))) + .seconds(1)) {
            channel.close(promise: nil)
        }
        let received: ReceivedUpload
        do {
            received = try await receiver.receive(request.body, startedAt: .now)
            // The body is in: from here on the decode's own deadline bounds the request.
            receiving.cancel()
        } catch {
            receiving.cancel()
            throw error
        }
        let files = store.files
        do {
            if let json = try await threadPool.runIfActive({ [store] in try store.recordJSON(received.id) }) {
                try await threadPool.runIfActive { files.remove(received.path) }
                return jsonResponse(json, status: .ok)
            }
            // An image of a format the service does not take is named and refused before a decode slot is taken.
            if let refusal = analyzer.refusal(ofLeadingBytes: received.leadingBytes) { throw refusal }
            // So is one whose work its size does not allow, or that could not finish in time: a few
            // clients sending such files cannot hold the decode slots (issue 43).
            try await threadPool.runIfActive { [analyzer, admission] in
                do throws(ImageError) {
                    try analyzer.admit(fileAt: received.path, within: admission.timeout, rate: admission.rate)
                } catch {
                    throw ImageAnalyzer.serviceError(for: error)
                }
            }
            let started = ContinuousClock.now
            let (analysis, smallestThumbnail) = try await decodes.run(departure: departures.departure(of: channel)) { [analyzer] slot throws(ImageError) in
                try analyzer.analyze(fileAt: received.path, in: slot)
            }
            metrics.recordDecode(kind: "upload", duration: ContinuousClock.now - started)
            let record = ImageRecord(
                id: received.id.hex, format: analysis.info.format.rawValue, width: analysis.info.width,
                height: analysis.info.height, orientation: analysis.info.orientation.rawValue,
                average: analysis.average.hex, blurhash: analysis.blurHash, bytes: received.byteCount,
                source: analysis.palette.source.hex, palette: Array(analysis.palette.swatches.prefix(ImageRecord.paletteCount)),
                colorSpace: analysis.info.colorSpaceName, iccProfile: analysis.info.hasColorProfile)
            // The thumbnail made to prove the image servable is stored before the record that marks
            // the image complete: asked later, by a process that never had it in memory, it is read
            // back, never rendered again behind the decode slots.
            let smallest = Self.thumbnailSizes.min()!
            try await threadPool.runIfActive { [store] in
                try store.storeThumbnail(smallestThumbnail, of: received.id, size: smallest)
                try store.commit(upload: received.path, as: received.id, record: record)
            }
            storageHealth.recordSuccess()
            metrics.bytesStored.increment(by: Int64(received.byteCount))
            metrics.imagesStored.increment()
            // Rendered to prove the image servable; its first request is then answered from memory.
            thumbnails.insert(ByteBuffer(bytes: smallestThumbnail), for: ThumbnailKey(id: received.id, size: smallest))
            return jsonResponse(try record.encoded(), status: .created)
        } catch {
            try? await threadPool.runIfActive { files.remove(received.path) }
            throw error
        }
    }

    /// `GET /v1/images/{id}`: the image's record.
    @Sendable func record(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let id = try imageID(context)
        guard let json = try await threadPool.runIfActive({ [store] in try store.recordJSON(id) }) else { throw ServiceError.notFound(id) }
        return jsonResponse(json, status: .ok)
    }

    /// `GET /v1/images/{id}/original`: the uploaded bytes.
    @Sendable func original(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let id = try imageID(context)
        guard let record = try await threadPool.runIfActive({ [store] in try store.record(id) }) else { throw ServiceError.notFound(id) }
        let etag = "\"\(id.hex)\""
        if request.headers[.ifNoneMatch].map({ Self.matches($0, etag: etag) }) == true { return notModified(etag: etag) }
        let body = try await FileIO(threadPool: threadPool).loadFile(path: store.objectPath(id), context: context)
        return Response(status: .ok, headers: fileHeaders(contentType: record.contentType, etag: etag, length: record.bytes), body: body)
    }

    /// `GET /v1/images/{id}/thumbnail?size=N`: a JPEG thumbnail, made on the first request, then
    /// served from memory (``ThumbnailCache``) or else from storage.
    @Sendable func thumbnail(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let id = try imageID(context)
        guard let size = request.uri.queryParameters.get("size", as: Int.self), Self.thumbnailSizes.contains(size) else {
            throw ServiceError(.badRequest, "size must be one of \(Self.thumbnailSizes.sorted().map { String($0) }.joined(separator: ", "))")
        }
        let etag = "\"\(id.hex)-\(size)\""
        let revalidating = request.headers[.ifNoneMatch].map { Self.matches($0, etag: etag) } == true
        let key = ThumbnailKey(id: id, size: size)
        // Cached means the image exists: answered without the disk or the thread pool.
        if let cached = thumbnails.bytes(for: key) {
            return revalidating ? notModified(etag: etag) : thumbnailResponse(cached, etag: etag)
        }
        let store = self.store
        let stored = try await threadPool.runIfActive { () throws -> [UInt8]? in
            guard try store.recordJSON(id) != nil else { throw ServiceError.notFound(id) }
            return revalidating ? nil : try store.files.read(store.thumbnailPath(id, size: size), limit: Self.maxThumbnailBytes)
        }
        if revalidating { return notModified(etag: etag) }
        let made = if let stored { stored } else { try await renders.value(for: key) { try await renderThumbnail(key) } }
        let bytes = ByteBuffer(bytes: made)
        thumbnails.insert(bytes, for: key)
        return thumbnailResponse(bytes, etag: etag)
    }

    private func thumbnailResponse(_ bytes: ByteBuffer, etag: String) -> Response {
        Response(status: .ok, headers: fileHeaders(contentType: "image/jpeg", etag: etag, length: bytes.readableBytes),
                 body: .init(byteBuffer: bytes))
    }

    /// Renders a thumbnail and stores it, unless a render that finished since the caller looked
    /// has stored it already (so concurrent requests cost one decode, however they interleave).
    private func renderThumbnail(_ key: ThumbnailKey) async throws -> [UInt8] {
        let store = self.store
        let path = store.thumbnailPath(key.id, size: key.size)
        if let stored = try await threadPool.runIfActive({ try store.files.read(path, limit: Self.maxThumbnailBytes) }) { return stored }
        let started = ContinuousClock.now
        let bytes = try await decodes.run { [analyzer] slot throws(ImageError) in
            try analyzer.thumbnail(ofFileAt: store.objectPath(key.id), size: key.size, in: slot)
        }
        metrics.recordDecode(kind: "thumbnail", duration: ContinuousClock.now - started)
        // Another replica sharing the folder may write the same bytes; the rename makes either win whole.
        try await threadPool.runIfActive { try store.storeThumbnail(bytes, of: key.id, size: key.size) }
        storageHealth.recordSuccess()
        return bytes
    }

    private func imageID(_ context: ServiceRequestContext) throws(ServiceError) -> ImageID {
        guard let text = context.parameters.get("id"), let id = ImageID(text) else { throw ServiceError.malformedID }
        return id
    }

    private func jsonResponse(_ json: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }

    private func fileHeaders(contentType: String, etag: String, length: Int) -> HTTPFields {
        [.contentType: contentType, .eTag: etag, .contentLength: String(length),
         // Content-addressed: the bytes behind a URL never change.
         .cacheControl: "public, max-age=31536000, immutable"]
    }

    private func notModified(etag: String) -> Response {
        Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "public, max-age=31536000, immutable"])
    }

    /// Whether an `If-None-Match` value (a list of entity tags, or `*`) names `etag`; weak tags match too.
    static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}

import Foundation
