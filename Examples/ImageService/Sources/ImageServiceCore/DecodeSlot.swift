import PixelKit

/// What one admitted decode is given by the ``DecodePool``: when it must stop, and whether it may
/// use a second thread.
public struct DecodeSlot: Sendable {
    /// When the decode must stop (see ``DecodePool``).
    public let deadline: DecodeDeadline
    /// Whether the decode may use a second thread (`ThumbnailOptions.usesSecondThread`): only when
    /// it is the one decode in flight. With others running or waiting, the second thread's extra
    /// CPU (about a third more per render) would be taken from them (issue 42).
    public let usesSecondThread: Bool

    /// A slot admitted while `inFlight` decodes, this one included, were running or waiting.
    init(deadline: DecodeDeadline, inFlight: Int) {
        self.deadline = deadline
        usesSecondThread = inFlight <= 1
    }
}
