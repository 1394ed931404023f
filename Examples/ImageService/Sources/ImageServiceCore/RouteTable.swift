import Hummingbird
import Synchronization

/// The routes and the methods each answers, kept beside the router so that a known path asked
/// with another method is answered 405 with `Allow` (Hummingbird's router answers 404): once every
/// route is added, ``addMethodNotAllowed(to:)`` registers the other common methods on each path.
/// A GET route also answers HEAD (the router is built with `.autoGenerateHeadEndpoints`).
final class RouteTable: Sendable {
    private let routes = Mutex<[(segments: [Substring], methods: [HTTPRequest.Method])]>([])

    /// Adds `handler` to `router` for `method` on `path` (`:name` matches one segment), and notes it.
    func add(
        _ path: String, _ method: HTTPRequest.Method,
        _ handler: @escaping @Sendable (Request, ServiceRequestContext) async throws -> Response,
        to router: Router<ServiceRequestContext>
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        let segments = path.split(separator: "/")
        let methods = method == .get ? [method, .head] : [method]
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods += methods
            } else {
                routes.append((segments, methods))
            }
        }
    }

    /// Methods a client may send to a path that answers others.
    static let commonMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]

    /// Answers each common method a route does not take with 405 and its `Allow`.
    func addMethodNotAllowed(to router: Router<ServiceRequestContext>) {
        for route in routes.withLock({ $0 }) {
            let path = RouterPath("/" + route.segments.joined(separator: "/"))
            let refusal = ServiceError.methodNotAllowed(allowed: route.methods)
            for method in Self.commonMethods where !route.methods.contains(method) {
                router.on(path, method: method) { _, _ -> Response in throw refusal }
            }
        }
    }
}
