import CoreMetrics
import Prometheus

/// The service's metrics, in a registry of its own (no global bootstrap, so several services can
/// run in one process, as in the tests), rendered in Prometheus text format by `GET /metrics`.
public final class ServiceMetrics: Sendable {
    /// The Prometheus registry the metrics live in.
    public let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory
    /// Decodes in progress.
    let decodesRunning: CoreMetrics.Gauge
    /// Requests waiting for a decode slot.
    let decodeQueueDepth: CoreMetrics.Gauge
    /// Requests turned away with 503 because the queue was full.
    let decodesRejected: CoreMetrics.Counter
    /// Decodes stopped by their deadline (422).
    let decodeDeadlinesExceeded: CoreMetrics.Counter
    /// Decodes cancelled because their client went away.
    let decodesCancelled: CoreMetrics.Counter
    /// Bytes of originals stored by this process.
    let bytesStored: CoreMetrics.Counter
    /// Images stored by this process.
    let imagesStored: CoreMetrics.Counter

    /// Metrics in a new registry.
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        decodesRunning = CoreMetrics.Gauge(label: "image_service_decodes_running", factory: factory)
        decodeQueueDepth = CoreMetrics.Gauge(label: "image_service_decode_queue_depth", factory: factory)
        decodesRejected = CoreMetrics.Counter(label: "image_service_decodes_rejected_total", factory: factory)
        decodeDeadlinesExceeded = CoreMetrics.Counter(label: "image_service_decode_deadlines_exceeded_total", factory: factory)
        decodesCancelled = CoreMetrics.Counter(label: "image_service_decodes_cancelled_total", factory: factory)
        bytesStored = CoreMetrics.Counter(label: "image_service_stored_bytes_total", factory: factory)
        imagesStored = CoreMetrics.Counter(label: "image_service_stored_images_total", factory: factory)
    }

    /// Counts a request by its route pattern (not its path, which would be unbounded) and status.
    func countRequest(route: String, method: String, status: Int) {
        CoreMetrics.Counter(label: "image_service_requests_total",
                dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory).increment()
    }

    /// Records how long a decode took; `kind` is `upload` (validation, average color, BlurHash) or `thumbnail`.
    func recordDecode(kind: String, duration: Duration) {
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        CoreMetrics.Timer(label: "image_service_decode_duration_seconds", dimensions: [("kind", kind)], factory: factory)
            .recordNanoseconds(nanoseconds)
    }

    /// The metrics in Prometheus text format.
    public func render() -> [UInt8] {
        registry.emitToBuffer()
    }
}
