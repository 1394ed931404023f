import Hummingbird
import NIOCore

/// The request context: Hummingbird's, plus the connection, so an upload that overruns its time
/// can be cut off even while no byte arrives.
public struct ServiceRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel

    /// A context for a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
