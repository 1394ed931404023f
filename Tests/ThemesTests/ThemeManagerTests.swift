import Foundation
import PixelKit
import Testing
@testable import Themes

/// Records every theme it is given into a shared log, tagged with its name.
@MainActor
final class RecordingObserver: ThemeObserver {
    let name: String
    let log: EventLog
    var received: [ResolvedTheme] = []

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    func applyTheme(_ theme: ResolvedTheme) {
        received.append(theme)
        log.events.append("\(name):\(theme.theme.name)/\(theme.appearance)")
    }
}

@MainActor
final class EventLog {
    var events: [String] = []
}

/// An in-memory store that counts saves; `failing` makes saves throw.
final class MemoryStore: ThemePreferenceStore {
    struct Failure: Error {}
    var saved: ThemePreference?
    var saveCount = 0
    var failing = false

    init(_ saved: ThemePreference? = nil) { self.saved = saved }

    func loadPreference() throws -> ThemePreference? { saved }
    func savePreference(_ preference: ThemePreference) throws {
        if failing { throw Failure() }
        saved = preference
        saveCount += 1
    }
}

@MainActor
@Suite struct ThemeManagerTests {
    let catalog: ThemeCatalog

    init() throws {
        catalog = try load(sampleThemeJSON)
    }

    @Test func registeringAppliesTheCurrentThemeImmediately() {
        let manager = ThemeManager(catalog: catalog, systemAppearance: .dark)
        let log = EventLog()
        let observer = RecordingObserver("a", log: log)
        manager.register(observer)
        #expect(log.events == ["a:default/dark"])
        #expect(observer.received.first?[.tint] == RGBAColor(red: 0x4B, green: 0xA1, blue: 0xFF))
        // Registering again re-applies but does not add a second slot.
        manager.register(observer)
        manager.systemAppearanceDidChange(to: .light)
        #expect(log.events == ["a:default/dark", "a:default/dark", "a:default/light"])
    }

    @Test func everyLiveObserverIsNotifiedOnceInRegistrationOrder() throws {
        let manager = ThemeManager(catalog: catalog)
        let log = EventLog()
        let observers = (0..<5).map { RecordingObserver("o\($0)", log: log) }
        for observer in observers { manager.register(observer) }
        log.events.removeAll()
        try manager.selectScheme(named: "mint")
        #expect(log.events == (0..<5).map { "o\($0):mint/light" })
        log.events.removeAll()
        manager.systemAppearanceDidChange(to: .darkHighContrast)
        #expect(log.events == (0..<5).map { "o\($0):mint/darkHighContrast" })
        // No change, no notification.
        log.events.removeAll()
        manager.systemAppearanceDidChange(to: .darkHighContrast)
        try manager.selectScheme(named: "mint")
        #expect(log.events.isEmpty)
    }

    @Test func deallocatedObserversAreNeitherRetainedNorCalled() {
        let manager = ThemeManager(catalog: catalog)
        let log = EventLog()
        let survivor = RecordingObserver("survivor", log: log)
        weak var weakVictim: RecordingObserver?
        do {
            let victim = RecordingObserver("victim", log: log)
            weakVictim = victim
            manager.register(victim)
            manager.register(survivor)
        }
        #expect(weakVictim == nil)  // the manager did not keep it alive
        #expect(manager.liveObserverCount == 1)
        log.events.removeAll()
        manager.systemAppearanceDidChange(to: .dark)
        #expect(log.events == ["survivor:default/dark"])
    }

    @Test func unregisteredObserversAreNotCalled() {
        let manager = ThemeManager(catalog: catalog)
        let log = EventLog()
        let first = RecordingObserver("first", log: log)
        let second = RecordingObserver("second", log: log)
        manager.register(first)
        manager.register(second)
        manager.unregister(first)
        log.events.removeAll()
        manager.systemAppearanceDidChange(to: .dark)
        #expect(log.events == ["second:default/dark"])
        #expect(manager.liveObserverCount == 1)
    }

    @Test func observerChangingTheThemeDuringDeliveryGetsACompleteSecondPass() throws {
        @MainActor final class Switcher: ThemeObserver {
            let manager: ThemeManager
            init(_ manager: ThemeManager) { self.manager = manager }
            func applyTheme(_ theme: ResolvedTheme) {
                if theme.theme.name == "mint" { try? manager.selectScheme(named: "default") }
            }
        }
        let manager = ThemeManager(catalog: catalog)
        let log = EventLog()
        let before = RecordingObserver("before", log: log)
        let switcher = Switcher(manager)
        let after = RecordingObserver("after", log: log)
        manager.register(before)
        manager.register(switcher)
        manager.register(after)
        log.events.removeAll()
        try manager.selectScheme(named: "mint")
        #expect(log.events == ["before:mint/light", "after:mint/light", "before:default/light", "after:default/light"])
        #expect(manager.theme.name == "default")
    }

    @Test func coalescedBurstDeliversOnlyTheFinalState() throws {
        let manager = ThemeManager(catalog: catalog)
        let log = EventLog()
        let observers = (0..<3).map { RecordingObserver("o\($0)", log: log) }
        for observer in observers { manager.register(observer) }
        log.events.removeAll()
        try manager.withCoalescedChanges {
            manager.systemAppearanceDidChange(to: .dark)
            try manager.selectScheme(named: "mint")
            manager.systemAppearanceDidChange(to: .lightHighContrast)
            #expect(log.events.isEmpty)
        }
        #expect(log.events == (0..<3).map { "o\($0):mint/lightHighContrast" })
        // The snapshot toggle (dark, then back) ends where it began: nobody is called.
        log.events.removeAll()
        manager.withCoalescedChanges {
            manager.systemAppearanceDidChange(to: .darkHighContrast)
            manager.systemAppearanceDidChange(to: .lightHighContrast)
        }
        #expect(log.events.isEmpty)
    }

    @Test func scheduledDeliveryCoalescesAcrossCalls() {
        let scheduler = ManualThemeChangeScheduler()
        let manager = ThemeManager(catalog: catalog, delivery: .coalesced(scheduler))
        let log = EventLog()
        let observer = RecordingObserver("o", log: log)
        manager.register(observer)
        log.events.removeAll()
        manager.systemAppearanceDidChange(to: .dark)
        manager.systemAppearanceDidChange(to: .light)
        manager.systemAppearanceDidChange(to: .dark)
        #expect(log.events.isEmpty)
        #expect(scheduler.pendingCount == 1)
        scheduler.runPending()
        #expect(log.events == ["o:default/dark"])
        // A toggle that returns to the delivered state delivers nothing.
        log.events.removeAll()
        manager.systemAppearanceDidChange(to: .light)
        manager.systemAppearanceDidChange(to: .dark)
        scheduler.runPending()
        #expect(log.events.isEmpty)
        // flush() delivers without waiting for the scheduler.
        manager.systemAppearanceDidChange(to: .light)
        manager.flush()
        #expect(log.events == ["o:default/light"])
        scheduler.runPending()
        #expect(log.events == ["o:default/light"])
    }

    @Test func nextTurnSchedulerDeliversTheFinalStateOfATurnOnce() async {
        let manager = ThemeManager(catalog: catalog, delivery: .coalesced(NextTurnThemeChangeScheduler()))
        let log = EventLog()
        let observer = RecordingObserver("o", log: log)
        manager.register(observer)
        log.events.removeAll()
        // The system's snapshot dance: opposite style, back, then a real change, all in one turn.
        manager.systemAppearanceDidChange(to: .dark)
        manager.systemAppearanceDidChange(to: .light)
        manager.systemAppearanceDidChange(to: .darkHighContrast)
        #expect(log.events.isEmpty)
        for _ in 0..<1_000 where log.events.isEmpty { await Task.yield() }
        #expect(log.events == ["o:default/darkHighContrast"])
    }

    @Test func asyncStreamYieldsCurrentThenChanges() async throws {
        let manager = ThemeManager(catalog: catalog)
        let stream = manager.changes()
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.appearance == .light)
        manager.systemAppearanceDidChange(to: .dark)
        let next = await iterator.next()
        #expect(next?.appearance == .dark)
        #expect(next?.theme.name == "default")
        // Newest-only buffering: a burst seen late arrives as its final state.
        try manager.selectScheme(named: "mint")
        manager.systemAppearanceDidChange(to: .light)
        let latest = await iterator.next()
        #expect(latest?.theme.name == "mint")
        #expect(latest?.appearance == .light)
    }

    @Test func preferenceIsSavedAndRestored() throws {
        let store = MemoryStore()
        let manager = ThemeManager(catalog: catalog, systemAppearance: .light, store: store)
        try manager.selectScheme(named: "mint")
        try manager.setStylePreference(.dark)
        #expect(store.saved == ThemePreference(schemeName: "mint", style: .dark))
        manager.systemAppearanceDidChange(to: .lightHighContrast)
        #expect(store.saveCount == 2)  // the system's appearance is not a user choice
        let relaunched = ThemeManager(catalog: catalog, systemAppearance: .lightHighContrast, store: store)
        #expect(relaunched.theme.name == "mint")
        #expect(relaunched.appearance == .darkHighContrast)
        #expect(relaunched.restoreError == nil)
    }

    @Test func unknownSchemesAndStoreFailuresAreReported() throws {
        let store = MemoryStore(ThemePreference(schemeName: "deleted", style: .light))
        let manager = ThemeManager(catalog: catalog, systemAppearance: .dark, store: store)
        #expect(manager.theme.name == "default")
        #expect(manager.appearance == .light)
        if case .unknownScheme("deleted") = manager.restoreError as? ThemeManagerError {} else {
            Issue.record("restoreError: \(String(describing: manager.restoreError))")
        }
        #expect {
            try manager.selectScheme(named: "nope")
        } throws: { error in
            if case .unknownScheme("nope") = error as? ThemeManagerError { return true }
            return false
        }
        store.failing = true
        #expect(throws: ThemeManagerError.self) { try manager.selectScheme(named: "mint") }
        #expect(manager.theme.name == "mint")  // applied even though saving failed
    }

    @Test func jsonFileStoreRoundTrips() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ThemesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("theme-preference.json").path
        let store = JSONFileThemePreferenceStore(path: path)
        #expect(try store.loadPreference() == nil)
        let manager = ThemeManager(catalog: catalog, store: store)
        try manager.selectScheme(named: "mint")
        try manager.setStylePreference(.dark)
        #expect(try JSONFileThemePreferenceStore(path: path).loadPreference() == ThemePreference(schemeName: "mint", style: .dark))
        let relaunched = ThemeManager(catalog: catalog, store: JSONFileThemePreferenceStore(path: path))
        #expect(relaunched.current == ResolvedTheme(theme: try #require(catalog.theme(named: "mint")), appearance: .dark))

        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try store.loadPreference()
        } throws: { error in
            if case .malformed = error as? ThemePreferenceStoreError { return true }
            return false
        }
        let fallback = ThemeManager(catalog: catalog, store: store)
        #expect(fallback.theme.name == "default")
        #expect(fallback.restoreError != nil)
        let unwritable = JSONFileThemePreferenceStore(path: directory.appendingPathComponent("missing/dir/p.json").path)
        #expect(throws: ThemePreferenceStoreError.self) { try unwritable.savePreference(ThemePreference(schemeName: "x")) }
    }

    /// Saving goes through the package's atomic writer: a symbolic link at the path is refused
    /// (its target untouched), no temporary file is left, and a FIFO is not read.
    @Test func jsonFileStoreNeverFollowsALinkOrReadsAFIFO() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ThemesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("precious.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        let link = directory.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: ThemePreferenceStoreError.file(FileError(path: link, operation: .create, problem: .notARegularFile(.symbolicLink)))) {
            try JSONFileThemePreferenceStore(path: link).savePreference(ThemePreference(schemeName: "mint"))
        }
        #expect(FileManager.default.contents(atPath: target) == Data("keep me".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.json", "precious.txt"])

        let fifo = directory.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ThemePreferenceStoreError.file(FileError(path: fifo, operation: .open, problem: .notARegularFile(.fifo)))) {
            try JSONFileThemePreferenceStore(path: fifo).loadPreference()
        }
    }
}
