/// Delivers on the next main-actor turn: every change made in the current turn (such as the system
/// flipping light → dark → light for app-switcher snapshots) reaches observers once, as its final state.
public struct NextTurnThemeChangeScheduler: ThemeChangeScheduler {
    /// Creates the scheduler.
    public init() {}

    public func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in work() }
    }
}
