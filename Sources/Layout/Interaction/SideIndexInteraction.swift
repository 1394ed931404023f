/// The touch state machine of a side index: press-to-activate, then began/changed/ended selection, and an
/// overlay that stays up for a moment after the touch lifts.
///
/// Feed it the touch events of the view; it reads `clock` for every event. Timers (activation, overlay
/// hiding) fire when the next event arrives or when you call ``tick()`` — schedule that call for
/// ``nextDeadline``.
///
/// ```swift
/// var interaction = SideIndexInteraction(layout: layout, clock: ContinuousInteractionClock())
/// interaction.touchDown(x: 10, y: 120)      // → [] (waiting for the press)
/// interaction.tick()                        // 0.3 s later → [.began(hit), .overlayShown(item)]
/// ```
public struct SideIndexInteraction<Clock: InteractionClock>: Sendable {
    private enum Phase: Sendable {
        case idle
        case pressing(since: Duration, x: Double, y: Double, lastY: Double)
        case selecting(SideIndexHit)
    }

    /// The layout touches are hit-tested against; replace it when the view's height changes.
    public var layout: SideIndexLayout
    /// Delays and tolerance.
    public let settings: SideIndexActivationSettings
    /// Where time comes from.
    public let clock: Clock

    private var phase: Phase = .idle
    private var overlayHideDeadline: Duration?

    /// The item the overlay shows, or nil when the overlay is hidden.
    public private(set) var overlayItem: SideIndexItem?

    /// Creates an idle interaction.
    public init(layout: SideIndexLayout, settings: SideIndexActivationSettings = SideIndexActivationSettings(), clock: Clock) {
        self.layout = layout
        self.settings = settings
        self.clock = clock
    }

    /// The item being selected, or nil when no selection is in progress.
    public var selection: SideIndexHit? {
        if case .selecting(let hit) = phase { return hit }
        return nil
    }

    /// The next time (on `clock`) something happens without a touch event, or nil when nothing is pending.
    public var nextDeadline: Duration? {
        [activationDeadline, overlayHideDeadline].compactMap { $0 }.min()
    }

    /// A finger touched the index at (`x`, `y`) points; ignored while another touch is being handled.
    @discardableResult
    public mutating func touchDown(x: Double, y: Double) -> [SideIndexEvent] {
        var events = fireDueTimers()
        guard case .idle = phase else { return events }
        phase = .pressing(since: clock.now, x: x, y: y, lastY: y)
        events += fireDueTimers()
        return events
    }

    /// The touch moved to (`x`, `y`) points.
    @discardableResult
    public mutating func touchMoved(x: Double, y: Double) -> [SideIndexEvent] {
        var events = fireDueTimers()
        switch phase {
        case .idle:
            break
        case .pressing(let since, let startX, let startY, _):
            let distance = ((x - startX) * (x - startX) + (y - startY) * (y - startY)).squareRoot()
            if distance > settings.movementTolerance {
                phase = .idle
                events.append(.activationFailed(.movedBeyondTolerance))
            } else {
                phase = .pressing(since: since, x: startX, y: startY, lastY: y)
            }
        case .selecting(let current):
            guard let hit = layout.hitTest(y: y), hit.index != current.index else { break }
            phase = .selecting(hit)
            overlayItem = hit.item
            events.append(.changed(hit))
        }
        return events
    }

    /// The touch lifted.
    @discardableResult
    public mutating func touchUp() -> [SideIndexEvent] {
        finishTouch(failure: .liftedEarly, ending: SideIndexEvent.ended)
    }

    /// The system cancelled the touch (e.g. another gesture took over).
    @discardableResult
    public mutating func touchCancelled() -> [SideIndexEvent] {
        finishTouch(failure: .cancelled, ending: SideIndexEvent.cancelled)
    }

    /// Fires the timers that are due at `clock.now`: activation after the press delay, hiding the overlay.
    @discardableResult
    public mutating func tick() -> [SideIndexEvent] {
        fireDueTimers()
    }

    private var activationDeadline: Duration? {
        if case .pressing(let since, _, _, _) = phase { return since + settings.activationDelay }
        return nil
    }

    private mutating func finishTouch(
        failure: SideIndexActivationFailure, ending: (SideIndexHit) -> SideIndexEvent
    ) -> [SideIndexEvent] {
        var events = fireDueTimers()
        switch phase {
        case .idle:
            break
        case .pressing:
            phase = .idle
            events.append(.activationFailed(failure))
        case .selecting(let hit):
            phase = .idle
            overlayHideDeadline = clock.now + settings.overlayHideDelay
            events.append(ending(hit))
            events += fireDueTimers()
        }
        return events
    }

    private mutating func fireDueTimers() -> [SideIndexEvent] {
        let now = clock.now
        var events: [SideIndexEvent] = []
        // Hide first only if it was due before the activation, which would otherwise keep the overlay up.
        if let hide = overlayHideDeadline, hide <= now, hide <= (activationDeadline ?? hide) {
            overlayHideDeadline = nil
            overlayItem = nil
            events.append(.overlayHidden)
        }
        if let activation = activationDeadline, activation <= now,
           case .pressing(_, _, _, let lastY) = phase {
            guard let hit = layout.hitTest(y: lastY) else {
                phase = .idle
                return events
            }
            let overlayWasHidden = overlayItem == nil
            phase = .selecting(hit)
            overlayHideDeadline = nil
            overlayItem = hit.item
            events.append(.began(hit))
            if overlayWasHidden { events.append(.overlayShown(hit.item)) }
        }
        return events
    }
}
