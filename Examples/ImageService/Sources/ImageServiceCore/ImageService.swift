import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// Builds the image service: storage, decode gate, metrics and routes, as a Hummingbird application.
///
/// ```swift
/// let app = try buildImageService(ServiceConfiguration(storage: "/var/lib/images"))
/// try await app.runService()
/// ```
/// - Parameter onServerRunning: called with the bound address once the server listens (handy with port 0).
public func buildImageService(
    _ configuration: ServiceConfiguration, logger: Logger = Logger(label: "image-service"),
    onServerRunning: @escaping @Sendable (String, Int) async -> Void = { _, _ in }
) throws -> some ApplicationProtocol {
    // The decode threads live as long as the process.
    let decodeExecutor = DecodeExecutor(threadCount: configuration.maxConcurrentDecodes)
    let departures = ClientDepartures()
    let router = try buildImageRouter(configuration, decodeExecutor: decodeExecutor, departures: departures)
    let idleTimeout = TimeAmount.nanoseconds(Int64(configuration.idleTimeout / .nanoseconds(1)))
    return Application(
        router: router,
        server: .http1(configuration: .init(
            additionalChannelHandlers: [CloseAfterResponseHandler(), ClientDepartureHandler(departures: departures)],
            idleTimeout: idleTimeout)),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        onServerRunning: { channel in
            await onServerRunning(configuration.host, channel.localAddress?.port ?? configuration.port)
        },
        logger: logger
    )
}

/// The service's router, without a server: what the tests drive. Decodes run on `decodeExecutor`
/// (its threads do nothing else); file I/O on NIO's shared thread pool.
public func buildImageRouter(
    _ configuration: ServiceConfiguration, metrics: ServiceMetrics = ServiceMetrics(), decodeExecutor: DecodeExecutor,
    departures: ClientDepartures = ClientDepartures()
) throws -> Router<ServiceRequestContext> {
    let fileThreads = NIOThreadPool.singleton
    let store = try ImageStore(root: configuration.storage, files: DurableFiles(calls: configuration.storageCalls))
    let storageHealth = StorageHealth(uploadsFolder: store.uploadsFolder)
    let gate = DecodeGate(maxRunning: configuration.maxConcurrentDecodes, maxWaiting: configuration.maxQueuedDecodes,
                          maxWait: configuration.decodeTimeout, metrics: metrics)
    let routes = ImageRoutes(
        store: store,
        receiver: UploadReceiver(store: store, threadPool: fileThreads, maxBytes: configuration.maxUploadBytes, timeout: configuration.uploadTimeout),
        analyzer: ImageAnalyzer(formats: configuration.formats, limits: configuration.decodingLimits, progressiveThumbnails: configuration.progressiveThumbnails),
        decodes: DecodePool(gate: gate, executor: decodeExecutor, timeout: configuration.decodeTimeout, metrics: metrics),
        metrics: metrics,
        threadPool: fileThreads,
        departures: departures,
        thumbnails: ThumbnailCache(capacityBytes: configuration.thumbnailCacheBytes),
        storageHealth: storageHealth,
        admission: (configuration.decodeTimeout, configuration.decodeRate))
    // HEAD on every GET route: the GET's status and headers (Content-Length included), no body.
    let router = Router(context: ServiceRequestContext.self, options: .autoGenerateHeadEndpoints)
    let table = RouteTable()
    // Middleware first: Hummingbird applies it to the routes added after it.
    router.add(middleware: ServiceMiddleware(metrics: metrics, replicaName: configuration.replicaName, storageHealth: storageHealth))
    routes.add(to: router, table: table)
    table.add("/health", .get, { _, _ in try HealthReport(gate: gate, storage: storageHealth).response() }, to: router)
    table.add("/metrics", .get, { _, _ in
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: metrics.render())))
    }, to: router)
    table.addMethodNotAllowed(to: router)
    return router
}
