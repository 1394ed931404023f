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
    let router = try buildImageRouter(configuration)
    let idleTimeout = TimeAmount.nanoseconds(Int64(configuration.idleTimeout / .nanoseconds(1)))
    return Application(
        router: router,
        server: .http1(configuration: .init(additionalChannelHandlers: [CloseAfterResponseHandler()], idleTimeout: idleTimeout)),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        onServerRunning: { channel in
            await onServerRunning(configuration.host, channel.localAddress?.port ?? configuration.port)
        },
        logger: logger
    )
}

/// The service's router, without a server: what the tests drive.
public func buildImageRouter(_ configuration: ServiceConfiguration, metrics: ServiceMetrics = ServiceMetrics()) throws -> Router<ServiceRequestContext> {
    let threadPool = NIOThreadPool.singleton
    let store = try ImageStore(root: configuration.storage, files: DurableFiles(calls: configuration.storageCalls))
    let routes = ImageRoutes(
        store: store,
        receiver: UploadReceiver(store: store, threadPool: threadPool, maxBytes: configuration.maxUploadBytes, timeout: configuration.uploadTimeout),
        analyzer: ImageAnalyzer(limits: configuration.decodingLimits),
        gate: DecodeGate(maxRunning: configuration.maxConcurrentDecodes, maxWaiting: configuration.maxQueuedDecodes, threadPool: threadPool, metrics: metrics),
        metrics: metrics,
        threadPool: threadPool,
        thumbnails: ThumbnailCache(capacityBytes: configuration.thumbnailCacheBytes))
    let router = Router(context: ServiceRequestContext.self)
    router.add(middleware: ServiceMiddleware(metrics: metrics, replicaName: configuration.replicaName))
    routes.add(to: router)
    router.get("/health") { _, _ in
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
    }
    router.get("/metrics") { _, _ in
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: metrics.render())))
    }
    return router
}
