/// Decides when a coalesced `ThemeManager` delivers pending changes. Everything scheduled before
/// delivery collapses into one notification carrying the final state.
@MainActor
public protocol ThemeChangeScheduler {
    /// Runs `work` later on the main actor (exactly once).
    func schedule(_ work: @escaping @MainActor @Sendable () -> Void)
}

/// Delivers on the next main-actor turn: every change made in the current turn (such as the system
/// flipping light → dark → light for app-switcher snapshots) reaches observers once, as its final state.
public struct NextTurnThemeChangeScheduler: ThemeChangeScheduler {
    /// Creates the scheduler.
    public init() {}

    public func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in work() }
    }
}

/// A scheduler that runs work only when told (`runPending()`): for tests and deterministic previews.
@MainActor
public final class ManualThemeChangeScheduler: ThemeChangeScheduler {
    private var pending: [@MainActor @Sendable () -> Void] = []

    /// Creates a scheduler with nothing pending.
    public init() {}

    /// How many scheduled works are waiting.
    public var pendingCount: Int { pending.count }

    public func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
        pending.append(work)
    }

    /// Runs everything scheduled so far, in order.
    public func runPending() {
        let due = pending
        pending = []
        for work in due { work() }
    }
}
