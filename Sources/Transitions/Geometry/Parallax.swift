/// Parallax for a layer inside a scrolling tile, from two frames in the same coordinate space
/// (the Wallaroo approach: the gallery's visible frame and the tile's measured frame).
///
/// `offset = (container centre − child centre) · factor` per axis: zero when the child is centred
/// in the visible area; as the child scrolls by 1 point the layer shifts `factor` points the other
/// way, so on screen it moves at `(1 − factor)` of the scroll speed. `factor` 0 is no parallax,
/// 1 pins the layer to the container, negative values move it faster than the content.
public struct Parallax: Sendable, Hashable {
    /// The parallax factor (dimensionless).
    public var factor: Double

    /// A parallax effect with `factor` (typical: 0.1–0.3). Non-finite factors act as 0.
    public init(factor: Double) { self.factor = factor.isFinite ? factor : 0 }

    /// Offset (points, `dx`, `dy`) to apply to the layer of the child framed `childFrame` while the
    /// container's visible frame is `visibleContainerFrame`; zeros for non-finite input.
    public func offset(childFrame: FrameRect, visibleContainerFrame: FrameRect) -> (dx: Double, dy: Double) {
        let dx = (visibleContainerFrame.midX - childFrame.midX) * factor
        let dy = (visibleContainerFrame.midY - childFrame.midY) * factor
        return (dx.isFinite ? dx : 0, dy.isFinite ? dy : 0)
    }
}
