import NIOCore
import NIOHTTPTypes

/// Closes the connection once a response marked `Connection: close` has been written.
///
/// Hummingbird otherwise reads and discards the rest of a request body after the response,
/// which for a refused 5 GB upload would mean receiving 5 GB. Used for 413 and 408.
final class CloseAfterResponseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart
    private var closesAfterEnd = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closesAfterEnd = head.headerFields[.connection]?.lowercased() == "close"
        case .end where closesAfterEnd:
            let written = promise ?? context.eventLoop.makePromise()
            context.write(data, promise: written)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }
}
