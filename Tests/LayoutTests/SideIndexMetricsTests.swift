import Layout
import Testing

@Suite struct SideIndexMetricsTests {
    @Test func lineHeightScalesWithAccessibilityAndRoundsUpToPixels() {
        #expect(SideIndexMetrics().lineHeight == 14.5)  // 12 × 1.2 = 14.4 → 14.5 on the 2× grid
        #expect(SideIndexMetrics(fontSize: 10).lineHeight == 12)  // exactly 12: no extra pixel
        #expect(SideIndexMetrics(accessibilityScale: 2).lineHeight == 29)  // 28.8 → 29
        #expect(SideIndexMetrics(fontSize: 11, displayScale: 3).lineHeight == 40.0 / 3)  // 13.2 → 13⅓
        #expect(SideIndexMetrics(fontSize: 12, lineHeightMultiple: 1).lineHeight == 12)
    }

    @Test func largerTextShowsFewerLines() throws {
        let small = try SideIndex(items: SideIndexItem.alphanumeric).layout(height: 300)
        let large = try SideIndex(
            items: SideIndexItem.alphanumeric, metrics: SideIndexMetrics(accessibilityScale: 1.5)
        ).layout(height: 300)
        #expect(large.lines.count < small.lines.count)
    }

    @Test func fittingWidthTakesTheWidestItemPlusPadding() {
        let index = SideIndex(items: [.letter("A"), .letter("WW"), .symbol(name: "star", isCustom: false)])
        let widths: [String: Double] = ["A": 8, "WW": 17.2, "star": 12, "•": 4]
        // Widest 17.2 → 17.5 on the pixel grid, plus 2 pt each side.
        #expect(index.fittingWidth(measuring: { widths[$0.label] ?? 0 }) == 21.5)
        // Only the bullet: the bullet's width decides.
        #expect(SideIndex(items: []).fittingWidth(measuring: { widths[$0.label] ?? 0 }) == 8)
        // Estimate: "WW" = 2 × 0.65 × 12 = 15.6 → 16, + 4.
        #expect(index.fittingWidth == 20)
    }

    @Test func alphanumericIsAToZThenHash() {
        let labels = SideIndexItem.alphanumeric.map(\.label)
        #expect(labels.count == 27)
        #expect(labels.first == "A" && labels[25] == "Z" && labels.last == "#")
        #expect(labels.joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ#")
    }
}
