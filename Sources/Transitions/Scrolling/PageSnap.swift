/// Paging with physics: choose the page where the released content *would* come to rest under
/// normal deceleration, then spring there carrying the release velocity (instead of UIKit's
/// target-offset adjustment, which can "decelerate most of the way, then slide linearly").
///
/// Units: offsets and page length in points, velocities in points per second.
public struct PageSnap: Sendable, Hashable {
    /// Distance between page origins (points, > 0).
    public let pageLength: Double
    /// Number of pages (≥ 1); page `i` rests at offset `i·pageLength`.
    public let pageCount: Int
    /// Deceleration used to project the rest position (default `.normal`).
    public let deceleration: ScrollDeceleration

    /// A pager.
    /// - Throws: ``TransitionsError`` for a non-positive page length or page count.
    public init(pageLength: Double, pageCount: Int, deceleration: ScrollDeceleration = .normal) throws(TransitionsError) {
        self.pageLength = try Validate.positive(pageLength, "pageLength")
        guard pageCount >= 1 else {
            throw .outOfRange(parameter: "pageCount", value: Double(pageCount), allowed: "1 or more")
        }
        self.pageCount = pageCount
        self.deceleration = deceleration
    }

    /// The page to settle on after release at `offset` (points) with `velocity` (points/s): the page
    /// nearest the projected rest position, clamped to the valid pages. Non-finite input counts as 0.
    public func page(releasedAt offset: Double, velocity: Double) -> Int {
        let offset = offset.isFinite ? offset : 0
        let velocity = velocity.isFinite ? velocity : 0
        let projected = deceleration.restPosition(from: offset, initialVelocity: velocity) / pageLength
        let clamped = min(max(projected, 0), Double(pageCount - 1))
        return Int(clamped.rounded())
    }

    /// Offset (points) at which `page` rests.
    public func offset(ofPage page: Int) -> Double { Double(min(max(page, 0), pageCount - 1)) * pageLength }

    /// A running spring animation from `offset` to the chosen page, starting with the release
    /// `velocity` (points/s), on `clock`.
    /// - Parameters:
    ///   - offset: the scroll offset (points) where the finger lifted.
    ///   - velocity: the release velocity, points per second.
    ///   - spring: default ``DampedSpring/smooth``.
    ///   - clock: the frame clock that drives the animation.
    ///   - restTolerance: points, default 0.5/3 (half a pixel on a 3× screen).
    /// - Throws: ``TransitionsError`` for non-finite offset or velocity.
    public func animation(releasedAt offset: Double, velocity: Double, spring: DampedSpring = .smooth,
                          clock: any FrameClock, restTolerance: Double = 0.5 / 3) throws(TransitionsError)
        -> InterruptibleAnimation
    {
        let offset = try Validate.finite(offset, "offset")
        let velocity = try Validate.finite(velocity, "velocity")
        let target = self.offset(ofPage: page(releasedAt: offset, velocity: velocity))
        let animation = try InterruptibleAnimation(from: offset, to: target, timing: spring, clock: clock,
                                                   restTolerance: restTolerance)
        try animation.start(initialVelocity: velocity)
        return animation
    }
}
