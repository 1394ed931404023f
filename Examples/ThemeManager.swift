// ThemeManager example: named schemes × light/dark with instant refresh, weak observers,
// coalesced appearance bursts, persisted choice, and readable text over an image color.
//
// Depends on: PixelKit, Themes (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "PixelKit", package: "PixelKit"),
//   .product(name: "Themes", package: "PixelKit"),
import Foundation
import PixelKit
import Themes

// 1. A theme file (normally a bundled resource). "link" gives only its light color: the loader derives
//    dark and high-contrast variants by moving OKLCH lightness until the contrast target is met.
let themeFile = """
    {
      "customRoles": ["unreadBadge"],
      "contrast": [
        { "foreground": "label", "background": "background", "minimum": 4.5 },
        { "foreground": "link", "background": "background", "minimum": 4.5 }
      ],
      "schemes": {
        "default": { "roles": {
          "background": { "light": "#FFFFFF", "dark": "#000000" },
          "label": { "light": "#000000", "dark": "#FFFFFF" },
          "tint": { "light": "#007AFF", "dark": "#4BA1FF" },
          "link": { "light": "#0066CC" },
          "unreadBadge": "#FF3B30"
        } },
        "mint": { "roles": {
          "background": { "light": "#F4FFF9", "dark": "#0B1F15" },
          "label": { "light": "#0B1F15", "dark": "#F4FFF9" },
          "tint": { "light": "#1E9E5B", "dark": "#84FFBF" },
          "link": { "light": "#17804A" },
          "unreadBadge": { "light": "#E0245E", "dark": "#FF6B94" }
        } }
      }
    }
    """

let catalog: ThemeCatalog
do {
    catalog = try ThemeCatalog(jsonBytes: Array(themeFile.utf8))
} catch {
    print("theme file error at \(error.path): \(error.problem)")
    exit(1)
}
for check in catalog.contrastChecks() where !check.passes {
    print("contrast failure: \(check.scheme) \(check.appearance) \(check.requirement.foreground) = \(check.ratio ?? 0)")
}

// 2. Something that re-colors itself: in an app, a view or view controller.
final class LinkButton: ThemeObserver {
    let title: String
    init(title: String) { self.title = title }
    func applyTheme(_ theme: ResolvedTheme) {
        let link = theme[.link]?.hex ?? "none"
        print("  \(title): \(theme.theme.name)/\(theme.appearance) link \(link)")
    }
}

// 3. The manager, remembering the user's choice in a small JSON file.
let preferencePath = FileManager.default.temporaryDirectory.appendingPathComponent("theme-preference-example.json").path
try? FileManager.default.removeItem(atPath: preferencePath)
let manager = ThemeManager(
    catalog: catalog, systemAppearance: .light, store: JSONFileThemePreferenceStore(path: preferencePath))

print("register (applies immediately):")
let accounts = LinkButton(title: "Accounts")
manager.register(accounts)
do {
    let temporary = LinkButton(title: "Temporary")  // deallocated at the end of this scope: never called again
    manager.register(temporary)
}

print("user picks mint:")
try manager.selectScheme(named: "mint")

print("system goes dark:")
manager.systemAppearanceDidChange(to: .dark)

print("app-switcher snapshot toggles light then dark again (coalesced: nothing to do):")
manager.withCoalescedChanges {
    manager.systemAppearanceDidChange(to: .light)
    manager.systemAppearanceDidChange(to: .dark)
}

print("Increase Contrast turned on:")
manager.systemAppearanceDidChange(to: .darkHighContrast)

// 4. The choice survives a relaunch.
let relaunched = ThemeManager(catalog: catalog, store: JSONFileThemePreferenceStore(path: preferencePath))
print("after relaunch: scheme \(relaunched.theme.name)")
try? FileManager.default.removeItem(atPath: preferencePath)

// 5. Text over a widget image: pick the theme's label, or black/white, reaching 4.5:1.
let imageAverage = try RGBAColor(hex: "#3A6EA5")
let text = manager.current.readableText(over: imageAverage, minimumRatio: 4.5)
print("text over \(imageAverage.hex): \(text.color.hex) (\(text.source)), ratio \((text.ratio * 100).rounded() / 100)")

// 6. Contrast figures for a pair of colors.
let blue = try RGBAColor(hex: "007aff")
let white = try RGBAColor(hex: "#FFF")
let ratio = WCAGContrast.ratio(blue, white)
let lc = APCAContrast.lightnessContrast(text: blue, background: white)
print("007aff on white: WCAG \((ratio * 100).rounded() / 100):1, AA normal text \(WCAGRequirement.aaNormalText.isMet(by: ratio)), APCA Lc \(lc.rounded())")
