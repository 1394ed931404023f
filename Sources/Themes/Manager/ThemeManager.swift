/// The app's current theme (scheme × appearance) and everyone who needs to hear about it.
///
/// - Observers are held **weakly**, in registration order; registering applies the current theme at
///   once; each change reaches every live observer exactly once; deallocated observers are skipped
///   and dropped, never called.
/// - Changes made inside ``withCoalescedChanges(_:)``, or made before a `.coalesced` manager's scheduled
///   delivery, collapse into one notification of the final state, and none if the burst ends where it
///   began (the system's light → dark → light snapshot toggle costs nothing).
/// - ``changes()`` offers the same notifications as an `AsyncStream` for SwiftUI-style consumers.
/// - The user's choice (scheme, style override) is saved through an injectable ``ThemePreferenceStore``.
///
/// Isolation: `@MainActor`. Observers are views that must be touched on the main thread anyway, the
/// system reports appearance changes there, and actor isolation gives ordering and exactly-once
/// delivery without a lock (a lock held while calling out to observers would invite deadlocks when an
/// observer calls back in). Non-UI code reads colors through ``ResolvedTheme`` values, which are `Sendable`.
@MainActor
public final class ThemeManager {
    /// When observers hear about a change.
    public enum Delivery {
        /// Synchronously, inside the call that changed the state (unless inside ``ThemeManager/withCoalescedChanges(_:)``).
        case immediate
        /// Once, when the scheduler runs, with the state at that moment.
        case coalesced(any ThemeChangeScheduler)
    }

    private struct WeakObserver {
        weak var observer: (any ThemeObserver)?
        /// Nil once the slot no longer owns its identifier (unregistered, or superseded by a new object
        /// allocated at the same address).
        var id: ObjectIdentifier?
    }

    private struct StateKey: Equatable {
        var schemeName: String
        var appearance: Appearance
    }

    /// The schemes this manager switches between.
    public let catalog: ThemeCatalog
    /// The current scheme.
    public private(set) var theme: Theme
    /// The appearance the system reports (see ``systemAppearanceDidChange(to:)``).
    public private(set) var systemAppearance: Appearance
    /// The user's style override.
    public private(set) var stylePreference: StylePreference
    /// Why the saved preference could not be restored at initialization, if it could not (the manager
    /// then starts from the catalog's first scheme and `.system`).
    public private(set) var restoreError: (any Error)?

    private let store: (any ThemePreferenceStore)?
    private let delivery: Delivery
    private var observers: [WeakObserver] = []
    private var observerIDs: Set<ObjectIdentifier> = []
    private var streams: [Int: AsyncStream<ResolvedTheme>.Continuation] = [:]
    private var nextStreamID = 0
    private var lastDelivered: StateKey
    private var coalescingDepth = 0
    private var flushScheduled = false
    private var isDelivering = false
    private var needsRedelivery = false
    private var needsCompaction = false

    /// Creates a manager, restoring the user's saved choice from `store` if there is one.
    /// - Parameters:
    ///   - catalog: the schemes; must contain at least one (a programming error otherwise).
    ///   - systemAppearance: what the system currently shows.
    ///   - store: where the user's choice is loaded from and saved to; nil keeps it in memory only.
    ///   - delivery: `.immediate` (default) or `.coalesced(scheduler)`.
    public init(
        catalog: ThemeCatalog, systemAppearance: Appearance = .light,
        store: (any ThemePreferenceStore)? = nil, delivery: Delivery = .immediate
    ) {
        precondition(!catalog.themes.isEmpty, "ThemeManager needs a catalog with at least one scheme")
        var theme = catalog.themes[0]
        var style = StylePreference.system
        var restoreError: (any Error)?
        do {
            if let saved = try store?.loadPreference() {
                style = saved.style
                if let savedTheme = catalog.theme(named: saved.schemeName) {
                    theme = savedTheme
                } else {
                    restoreError = ThemeManagerError.unknownScheme(saved.schemeName)
                }
            }
        } catch {
            restoreError = error
        }
        self.catalog = catalog
        self.theme = theme
        self.systemAppearance = systemAppearance
        self.stylePreference = style
        self.restoreError = restoreError
        self.store = store
        self.delivery = delivery
        self.lastDelivered = StateKey(schemeName: theme.name, appearance: style.applied(to: systemAppearance))
    }

    deinit {
        for continuation in streams.values { continuation.finish() }
    }

    /// The effective appearance: the system's, with the user's style override applied.
    public var appearance: Appearance { stylePreference.applied(to: systemAppearance) }

    /// The current theme in the current appearance.
    public var current: ResolvedTheme { theme.resolved(for: appearance) }

    /// How many registered observers are still alive.
    public var liveObserverCount: Int { observers.reduce(0) { $0 + ($1.observer == nil ? 0 : 1) } }

    // MARK: - Observers

    /// Registers `observer` weakly and applies the current theme to it immediately. Registering an
    /// observer again only re-applies the theme; it keeps its original position and is still notified once.
    public func register(_ observer: any ThemeObserver) {
        let id = ObjectIdentifier(observer)
        if observerIDs.contains(id), let index = observers.firstIndex(where: { $0.id == id }) {
            if observers[index].observer === observer {
                observer.applyTheme(current)
                return
            }
            // A deallocated observer's address was reused: its dead slot gives up the identifier.
            observers[index].id = nil
            needsCompaction = true
        }
        observerIDs.insert(id)
        observers.append(WeakObserver(observer: observer, id: id))
        observer.applyTheme(current)
    }

    /// Stops notifying `observer` (deallocation does this automatically).
    public func unregister(_ observer: any ThemeObserver) {
        let id = ObjectIdentifier(observer)
        guard observerIDs.remove(id) != nil, let index = observers.firstIndex(where: { $0.id == id }) else { return }
        observers[index] = WeakObserver(observer: nil, id: nil)
        needsCompaction = true
        if !isDelivering { compact() }
    }

    // MARK: - Changing the state

    /// Switches to the scheme called `name` and saves the choice.
    /// - Throws: `.unknownScheme` (nothing changes), or `.persistenceFailed` (the switch is applied
    ///   and observers are notified; only saving failed).
    public func selectScheme(named name: String) throws(ThemeManagerError) {
        guard let newTheme = catalog.theme(named: name) else { throw .unknownScheme(name) }
        theme = newTheme
        stateDidChange()
        try persist()
    }

    /// Sets the user's style override and saves the choice.
    /// - Throws: `.persistenceFailed` (the change is applied; only saving failed).
    public func setStylePreference(_ style: StylePreference) throws(ThemeManagerError) {
        stylePreference = style
        stateDidChange()
        try persist()
    }

    /// Tells the manager what the system now shows (from `traitCollectionDidChange` or the SwiftUI
    /// environment). Not persisted.
    public func systemAppearanceDidChange(to appearance: Appearance) {
        systemAppearance = appearance
        stateDidChange()
    }

    /// Runs `body`, then notifies once with the final state, or not at all if the state ended where it began.
    public func withCoalescedChanges<Result>(_ body: () throws -> Result) rethrows -> Result {
        coalescingDepth += 1
        defer {
            coalescingDepth -= 1
            stateDidChange()
        }
        return try body()
    }

    /// Delivers a pending change now instead of waiting for the scheduler.
    public func flush() {
        flushScheduled = false
        deliverIfChanged()
    }

    // MARK: - Async stream

    /// A stream of resolved themes: the current one first, then one per delivered change. It keeps only
    /// the newest undelivered value, so a slow consumer sees the final state of a burst. The stream ends
    /// when the consumer stops iterating or the manager is deallocated.
    public func changes() -> AsyncStream<ResolvedTheme> {
        let (stream, continuation) = AsyncStream.makeStream(of: ResolvedTheme.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextStreamID
        nextStreamID += 1
        streams[id] = continuation
        continuation.yield(current)
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.removeStream(id) }
        }
        return stream
    }

    private func removeStream(_ id: Int) {
        streams[id] = nil
    }

    // MARK: - Delivery

    private var stateKey: StateKey { StateKey(schemeName: theme.name, appearance: appearance) }

    private func stateDidChange() {
        guard coalescingDepth == 0, stateKey != lastDelivered else { return }
        switch delivery {
        case .immediate:
            deliverIfChanged()
        case .coalesced(let scheduler):
            guard !flushScheduled else { return }
            flushScheduled = true
            scheduler.schedule { [weak self] in self?.flush() }
        }
    }

    private func deliverIfChanged() {
        // An observer that changes the theme while being notified gets a second, complete pass
        // after this one instead of a nested, reordered one.
        guard !isDelivering else {
            needsRedelivery = true
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        repeat {
            needsRedelivery = false
            let key = stateKey
            guard key != lastDelivered else { break }
            lastDelivered = key
            let resolved = current
            // Observers registered during this pass already got `current` when registering.
            let count = observers.count
            for index in 0..<count {
                if let observer = observers[index].observer {
                    observer.applyTheme(resolved)
                } else {
                    needsCompaction = true
                }
            }
            for continuation in streams.values { continuation.yield(resolved) }
        } while needsRedelivery
        if needsCompaction { compact() }
    }

    private func compact() {
        needsCompaction = false
        var released: [ObjectIdentifier] = []
        observers.removeAll { slot in
            guard slot.observer == nil else { return false }
            if let id = slot.id { released.append(id) }
            return true
        }
        for id in released { observerIDs.remove(id) }
    }

    private func persist() throws(ThemeManagerError) {
        guard let store else { return }
        do {
            try store.savePreference(ThemePreference(schemeName: theme.name, style: stylePreference))
        } catch {
            throw .persistenceFailed(error)
        }
    }
}
