import Foundation
import PixelKit
import Themes

/// Themes: notifying 10 000 live observers of a change (goal ≤ 2 ms) and resolving a dynamic color
/// (goal ≤ 20 ns). `ThemeManager` is main-actor isolated, so the job runs its manager measurements on
/// the main thread (directly if already there, otherwise by a synchronous hop to the main queue).
struct ThemesBenchmark: MicroBenchmarkJob {
    static let name = "themes"

    @MainActor
    private final class CountingObserver: ThemeObserver {
        var count = 0
        var lastTint: RGBAColor?
        func applyTheme(_ theme: ResolvedTheme) {
            count += 1
            lastTint = theme[.tint]
        }
    }

    static func run(quick: Bool) throws -> [MicroResult] {
        let catalog = try ThemeCatalog(jsonBytes: Array(sampleTheme.utf8))
        let notify = onMainActor { notifyObservers(catalog: catalog, quick: quick) }
        let resolve = resolveDynamicColor(catalog: catalog, quick: quick)
        let load = try measure(iterations: quick ? 5 : 30) {
            blackHole(try ThemeCatalog(jsonBytes: Array(sampleTheme.utf8)))
        }
        return [
            notify,
            resolve,
            MicroResult(
                job: name, name: "load + validate + derive a 2-scheme theme file", stats: load, unit: "ns/file"),
        ]
    }

    @MainActor
    private static func notifyObservers(catalog: ThemeCatalog, quick: Bool) -> MicroResult {
        let manager = ThemeManager(catalog: catalog)
        let observers = (0..<10_000).map { _ in CountingObserver() }
        for observer in observers { manager.register(observer) }
        var dark = false
        let stats = measure(iterations: quick ? 10 : 100, warmup: 3) {
            dark.toggle()
            manager.systemAppearanceDidChange(to: dark ? .dark : .light)
        }
        let everyoneOnce = observers.allSatisfy { $0.count == observers[0].count }
        blackHole(observers)
        return MicroResult(
            job: name, name: "notify 10 000 live observers of an appearance change", stats: stats, unit: "ns/change",
            goal: "≤ 2 ms", goalMet: stats.median <= 2_000_000 && everyoneOnce,
            notes: [String(format: "%.1f ns/observer", stats.median / 10_000)])
    }

    private static func resolveDynamicColor(catalog: ThemeCatalog, quick: Bool) -> MicroResult {
        // Every role of every scheme, and a pseudo-random appearance sequence, so the optimizer cannot
        // fold the resolution into a constant.
        let colors = catalog.themes.flatMap { theme in theme.roles.compactMap { theme[$0] } }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let appearances = (0..<4096).map { _ -> Appearance in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Appearance.all[Int(state >> 62)]
        }
        let count = 100_000
        var offset = 0  // changes every call, so the loop cannot be hoisted out of the timing
        var checksum = 0.0  // used in the result, so the optimizer cannot drop the loop
        let stats = measure(iterations: quick ? 10 : 50, warmup: 2, operationsPerCall: count) {
            offset += 1
            var sum = 0.0
            for index in offset..<(offset + count) {
                sum += colors[index % colors.count].resolved(for: appearances[index & 4095]).green
            }
            checksum += sum
        }
        return MicroResult(
            job: name, name: "resolve a dynamic color (\(colors.count) colors, random appearances)", stats: stats,
            unit: "ns/resolve", goal: "≤ 20 ns", goalMet: stats.median <= 20 && checksum > 0)
    }

    private static func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
        if Thread.isMainThread { return MainActor.assumeIsolated(body) }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }

    private static let sampleTheme = """
        {
          "contrast": [{ "foreground": "label", "background": "background", "minimum": 4.5 }],
          "schemes": {
            "default": { "roles": {
              "background": { "light": "#FFFFFF", "dark": "#000000" },
              "label": { "light": "#000000", "dark": "#FFFFFF" },
              "tint": { "light": "#007AFF", "dark": "#4BA1FF" },
              "link": { "light": "#0066CC" },
              "separator": { "light": "#C6C6C8" }
            } },
            "mint": { "roles": {
              "background": { "light": "#F4FFF9", "dark": "#0B1F15" },
              "label": { "light": "#0B1F15", "dark": "#F4FFF9" },
              "tint": { "light": "#1E9E5B" },
              "link": { "light": "#17804A" },
              "separator": { "light": "#C2DDCE" }
            } }
          }
        }
        """
}
