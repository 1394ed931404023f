/// Decides when a coalesced ``ThemeManager`` delivers pending changes. Everything scheduled before
/// delivery collapses into one notification carrying the final state.
@MainActor
public protocol ThemeChangeScheduler {
    /// Runs `work` later on the main actor (exactly once).
    func schedule(_ work: @escaping @MainActor @Sendable () -> Void)
}
