import NIOCore
import NIOHTTPTypes

/// Notices a client going away while its request is handled: the connection closes, or the
/// client shuts down its sending side (Hummingbird allows half-closure, so that is an event, not
/// a close). An HTTP/1.1 client waiting for its answer does neither. Registers the connection's
/// ``ClientDeparture`` in ``ClientDepartures`` so the request's handler can find it.
final class ClientDepartureHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    private let departures: ClientDepartures
    private let departure = ClientDeparture()

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

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { departure.depart() }
        context.fireUserInboundEventTriggered(event)
    }
}
