import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Notices a client going away while its request is handled, and registers the connection's
/// ``ClientDeparture`` in ``ClientDepartures`` so the request's handler can find it.
///
/// A closed connection is a departure. The end of the client's input (Hummingbird allows
/// half-closure, so that is an event, not a close) is one only before its request is complete:
/// after a complete request it is what a client that shut down its sending side and waits for the
/// answer sends (`nc -N`), and what a client that closed its socket sends too. TCP tells them
/// apart only when the server writes, so while a decode runs for the request, an interim
/// `102 Processing` is written (HTTP/1.1 clients must accept 1xx responses): a client that is gone
/// answers it with a reset, which closes the connection; one that waits reads it and stays.
final class ClientDepartureHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart
    private let departures: ClientDepartures
    private let departure = ClientDeparture()
    /// The current request has arrived whole (its end was read).
    private var requestComplete = false
    /// The current request is HTTP/1.1 or later, so it may be sent a 1xx response.
    private var acceptsInterimResponses = false

    init(departures: ClientDepartures) {
        self.departures = departures
    }

    func handlerAdded(context: ChannelHandlerContext) {
        departures.register(departure, for: context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        departures.remove(for: context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        departure.depart()
        departures.remove(for: context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestComplete = false
            // HTTPTypes carries no version; an HTTP/1.0 request has no Host field (RFC 9112 §3.2).
            acceptsInterimResponses = head.authority != nil
        case .body:
            break
        case .end:
            requestComplete = true
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            if !requestComplete {
                departure.depart()
            } else if departure.isAwaitingDecode && acceptsInterimResponses {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .init(code: 102, reasonPhrase: "Processing")))), promise: nil)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
