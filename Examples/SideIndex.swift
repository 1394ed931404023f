// A side index and a gallery, decided without any UI.
//
// Depends on: Layout (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "Layout", package: "PixelKit"),
import Layout

// 1. A side index with a pinned search symbol, in a view 200 pt tall.
let index = SideIndex(
    items: [.symbol(name: "magnifyingglass", isCustom: false)] + SideIndexItem.alphanumeric,
    pinned: .first
)
let layout = try index.layout(height: 200)
let shown = layout.lines.map { line -> String in
    switch line.content {
    case .item(let position): layout.items[position].label == "magnifyingglass" ? "🔍" : layout.items[position].label
    case .bullet: "•"
    }
}
print("index in 200 pt, \(index.fittingWidth) pt wide:", shown.joined(separator: " "))

// 2. Dragging down the index: each bullet hands out the letters it hides, in order.
var reached: [String] = []
for y in stride(from: 0.0, through: 200, by: 0.25) {
    if let hit = layout.hitTest(y: y), reached.last != hit.item.label { reached.append(hit.item.label) }
}
print("drag reaches \(reached.count) of \(layout.items.count) items:", reached.dropFirst().joined())

// 3. Press to activate: the touch must stay put for 0.3 s; a swipe cancels it.
let clock = ManualInteractionClock()
var interaction = SideIndexInteraction(layout: layout, clock: clock)
interaction.touchDown(x: 8, y: 60)
clock.advance(by: .milliseconds(300))
func describe(_ event: SideIndexEvent) -> String {
    switch event {
    case .began(let hit): "began at \(hit.item.label)"
    case .changed(let hit): "changed to \(hit.item.label)"
    case .ended(let hit): "ended at \(hit.item.label)"
    case .cancelled(let hit): "cancelled at \(hit.item.label)"
    case .activationFailed(let reason): "never activated: \(reason)"
    case .overlayShown(let item): "overlay shows \(item.label)"
    case .overlayHidden: "overlay hidden"
    }
}
let events = interaction.tick() + interaction.touchMoved(x: 8, y: 150) + interaction.touchUp()
print("press, drag, lift:", events.map(describe).joined(separator: "; "))
clock.advance(by: .milliseconds(500))
print("0.5 s later:", interaction.tick().map(describe).joined(separator: "; "))

interaction.touchDown(x: 8, y: 60)
clock.advance(by: .milliseconds(100))
print("a swipe:", interaction.touchMoved(x: 30, y: 60).map(describe).joined(separator: "; "))

// 4. A shuffled-bag gallery of 12 items on a 390 pt wide screen, and what a 390×400 window shows.
let grid = try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8)
let gallery = try GalleryLayout(itemCount: 12, grid: grid)
for tile in gallery.tiles {
    print("item \(tile.index): \(tile.shape) at column \(tile.column), row \(tile.row)")
}
print("visible in the first 400 pt:", gallery.visibleIndices(in: LayoutRect(x: 0, y: 0, width: 390, height: 400)))
