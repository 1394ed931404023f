/// Timing and tolerance of a side index's touch handling.
///
/// The index activates only after a press, like the seed's selector, so a swipe that starts on it (e.g. an
/// edge-swipe gesture) does not make it jump around.
public struct SideIndexActivationSettings: Sendable, Hashable {
    /// How long a touch must stay down before selection begins. Default 0.3 s, the seed's value: the
    /// system long press (0.5 s) feels sluggish for an index you reach for repeatedly.
    public var activationDelay: Duration
    /// How far (points, straight-line distance from the touch-down point) the touch may move before the
    /// delay has passed; moving further cancels activation. Default 10 pt, `UILongPressGestureRecognizer`'s
    /// `allowableMovement`.
    public var movementTolerance: Double
    /// How long the overlay stays visible after the touch lifts. Default 0.5 s.
    public var overlayHideDelay: Duration

    /// Creates settings; every argument has the default described on its property.
    public init(
        activationDelay: Duration = .milliseconds(300), movementTolerance: Double = 10,
        overlayHideDelay: Duration = .milliseconds(500)
    ) {
        self.activationDelay = activationDelay
        self.movementTolerance = movementTolerance
        self.overlayHideDelay = overlayHideDelay
    }
}
