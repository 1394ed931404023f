import NIOCore
import Synchronization

/// Each open connection's ``ClientDeparture``, by connection, so a request handler (which has the
/// channel, not its handlers) can find its own without a hop to the event loop.
public final class ClientDepartures: Sendable {
    private let byChannel = Mutex<[ObjectIdentifier: ClientDeparture]>([:])

    public init() {}

    func register(_ departure: ClientDeparture, for channel: any Channel) {
        byChannel.withLock { $0[ObjectIdentifier(channel)] = departure }
    }

    func remove(for channel: any Channel) {
        _ = byChannel.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The departure of `channel`'s client, if the channel has a ``ClientDepartureHandler``.
    func departure(of channel: any Channel) -> ClientDeparture? {
        byChannel.withLock { $0[ObjectIdentifier(channel)] }
    }
}
