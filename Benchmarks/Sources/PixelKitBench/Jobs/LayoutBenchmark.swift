import Foundation
import Layout

/// Layout math: gallery layout of 10 000 items, visible-set queries, side-index truncation.
///
/// The issue sets no time budget; its one performance requirement is that visible-set queries are
/// O(log n + k). That is checked by timing the same screen-sized query on 10 000 and on 1 000 000 items:
/// a linear scan would be ~100× slower on the larger gallery, a logarithmic search barely slower.
struct LayoutBenchmark: MicroBenchmarkJob {
    static let name = "layout"

    static func run(quick: Bool) throws -> [MicroResult] {
        let iterations = quick ? 5 : 25
        let grid = try GalleryGrid(containerWidth: 390, minimumTileWidth: 100, spacing: 8)

        let layoutStats = try measure(iterations: iterations) {
            blackHole(try GalleryLayout(itemCount: 10_000, grid: grid))
        }
        let small = try GalleryLayout(itemCount: 10_000, grid: grid)
        let large = try GalleryLayout(itemCount: 1_000_000, grid: grid)
        let queries = 1_000
        let smallQuery = measureQueries(on: small, count: queries, iterations: iterations)
        let largeQuery = measureQueries(on: large, count: queries, iterations: iterations)
        let scanStats = measure(iterations: iterations, operationsPerCall: queries) {
            for rect in screens(in: small, count: queries) {
                blackHole(small.tiles.filter { $0.frame.intersects(rect) })
            }
        }
        let growth = largeQuery.median / smallQuery.median

        let index = SideIndex(
            items: [.symbol(name: "magnifyingglass", isCustom: false)] + SideIndexItem.alphanumeric, pinned: .first
        )
        let heights = stride(from: 120.0, through: 520, by: 4).map { $0 }
        let indexStats = try measure(iterations: iterations, operationsPerCall: heights.count) {
            for height in heights { blackHole(try index.layout(height: height)) }
        }
        let truncated = try index.layout(height: 200)
        let hitStats = measure(iterations: iterations, operationsPerCall: 2_000) {
            for step in 0..<2_000 { blackHole(truncated.hitTest(y: Double(step) * 0.1)) }
        }

        return [
            MicroResult(
                job: name, name: "gallery layout, 10 000 items, 3 columns", stats: layoutStats, unit: "ns/layout",
                notes: [String(format: "%.0f ns/item", layoutStats.median / 10_000)]
            ),
            MicroResult(
                job: name, name: "visible set, 390×844 pt window, 10 000 items", stats: smallQuery, unit: "ns/query",
                goal: "O(log n + k)", goalMet: growth < 4,
                notes: [
                    String(format: "linear scan %.0f ns/query (%.0f× slower)", scanStats.median, scanStats.median / smallQuery.median),
                    String(format: "same window on 1 000 000 items: %.0f ns/query (×%.2f for 100× the items)", largeQuery.median, growth),
                ]
            ),
            MicroResult(
                job: name, name: "side index truncation, 28 items, 101 heights", stats: indexStats, unit: "ns/layout"
            ),
            MicroResult(job: name, name: "side index hit test, truncated", stats: hitStats, unit: "ns/hit"),
        ]
    }

    /// Query windows spread evenly down the gallery, the same sequence every run.
    private static func screens(in gallery: GalleryLayout, count: Int) -> [LayoutRect] {
        let span = max(0, gallery.contentHeight - 844)
        return (0..<count).map { step in
            LayoutRect(x: 0, y: span * Double(step) / Double(count), width: 390, height: 844)
        }
    }

    private static func measureQueries(on gallery: GalleryLayout, count: Int, iterations: Int) -> TimingStats {
        let windows = screens(in: gallery, count: count)
        return measure(iterations: iterations, operationsPerCall: count) {
            for rect in windows { blackHole(gallery.visibleIndices(in: rect)) }
        }
    }
}
