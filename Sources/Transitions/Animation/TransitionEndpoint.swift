/// Where an animation ended, as reported once to its completion handlers
/// (the `UIViewAnimatingPosition` idea).
public enum TransitionEndpoint: Sendable, Hashable {
    /// At ``InterruptibleAnimation/endValue`` (it ran forward to completion or was finished there).
    case end
    /// At ``InterruptibleAnimation/startValue`` (it was reversed and ran back, or was finished there).
    case start
    /// Wherever it was when ``InterruptibleAnimation/finish(at:)`` stopped it (or a successor took over).
    case current
}
