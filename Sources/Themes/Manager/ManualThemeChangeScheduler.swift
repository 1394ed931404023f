/// A scheduler that runs work only when told (``runPending()``): for tests and deterministic previews.
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
