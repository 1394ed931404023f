import Hummingbird

/// The routes and the methods each answers, kept beside the router so that a known path asked
/// with another method is answered 405 with `Allow` (Hummingbird's router answers 404).
struct RouteTable: Sendable {
    private var routes: [(segments: [Substring], methods: [HTTPRequest.Method])] = []

    /// Adds `handler` to `router` for `method` on `path` (`:name` matches one segment), and notes it.
    mutating func add(
        _ path: String, _ method: HTTPRequest.Method,
        _ handler: @escaping @Sendable (Request, ServiceRequestContext) async throws -> Response,
        to router: Router<ServiceRequestContext>
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        let segments = path.split(separator: "/")
        if let index = routes.firstIndex(where: { $0.segments == segments }) {
            routes[index].methods.append(method)
        } else {
            routes.append((segments, [method]))
        }
    }

    /// The methods a known route answers at `path`, or `nil` if no route has this shape.
    func allowedMethods(at path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return routes.first { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in pattern.hasPrefix(":") || pattern == segment }
        }?.methods
    }
}
