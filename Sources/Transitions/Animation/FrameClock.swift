/// Where an ``InterruptibleAnimation`` reads the time of the frame being drawn.
///
/// In an app, wrap the display link: set the clock to `CADisplayLink.targetTimestamp` (or
/// `timestamp`) in the callback, then call ``InterruptibleAnimation/update()``. In tests, use
/// ``ManualFrameClock``, which only moves when told (like swift-nio's `EmbeddedEventLoop`).
/// Readings should not go backwards; the animation ignores readings that do, and non-finite ones.
public protocol FrameClock: Sendable {
    /// The current frame's time.
    var now: FrameInstant { get }
}
