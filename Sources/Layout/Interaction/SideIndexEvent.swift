/// What a side index reports to its owner while it is touched.
public enum SideIndexEvent: Sendable, Hashable {
    /// The press lasted long enough: selection began, at this item.
    case began(SideIndexHit)
    /// While selecting, the touch moved onto another item.
    case changed(SideIndexHit)
    /// The touch lifted while selecting; this was the last item selected.
    case ended(SideIndexHit)
    /// The system cancelled the touch while selecting; this was the last item selected.
    case cancelled(SideIndexHit)
    /// The touch ended before selection began.
    case activationFailed(SideIndexActivationFailure)
    /// The overlay appeared, showing this item (it follows ``changed(_:)`` afterwards).
    case overlayShown(SideIndexItem)
    /// The overlay disappeared, the hide delay after the touch ended.
    case overlayHidden
}

/// Why a touch never began selecting.
public enum SideIndexActivationFailure: Sendable, Hashable {
    /// It moved further than the movement tolerance before the activation delay passed (e.g. a swipe).
    case movedBeyondTolerance
    /// It lifted before the activation delay passed (a tap).
    case liftedEarly
    /// The system cancelled it before the activation delay passed.
    case cancelled
}
