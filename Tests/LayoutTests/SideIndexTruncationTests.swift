import Layout
import Testing

/// Truncation checked against its definition over many heights.
@Suite struct SideIndexTruncationTests {
    static let search = SideIndexItem.symbol(name: "magnifyingglass", isCustom: false)
    static let cases: [(name: String, items: [SideIndexItem], pinned: SideIndexPin?)] = [
        ("A–Z #", SideIndexItem.alphanumeric, nil),
        ("search + A–Z #", [search] + SideIndexItem.alphanumeric, .first),
        ("A–Z # + search", SideIndexItem.alphanumeric + [search], .last),
        ("100 items", (0..<100).map { .letter(String($0)) }, nil),
        ("5 items", Array(SideIndexItem.alphanumeric.prefix(5)), nil),
        ("3 items", Array(SideIndexItem.alphanumeric.prefix(3)), nil),
        ("pinned + 2", [search, .letter("A"), .letter("B")], .first),
    ]

    @Test(arguments: cases)
    func truncationFollowsTheSystemRulesAtEveryHeight(
        testCase: (name: String, items: [SideIndexItem], pinned: SideIndexPin?)
    ) throws {
        let index = SideIndex(items: testCase.items, pinned: testCase.pinned)
        let lineHeight = 14.5  // 12 pt × 1.2 = 14.4, rounded up to the 0.5 pt pixel grid
        let spacing = 1.0
        #expect(index.metrics.lineHeight == lineHeight)
        let count = testCase.items.count
        var previousLineCount = 0
        var previousItemCount = 0

        for height in stride(from: 0.0, through: 1700, by: 0.5) {
            let layout = try index.layout(height: height)
            let lines = layout.lines
            let itemLines = lines.compactMap { line -> Int? in
                if case .item(let position) = line.content { return position }
                return nil
            }
            // Geometry: stacked top to bottom at the line pitch, inside the height whenever possible.
            for (upper, lower) in zip(lines, lines.dropFirst()) {
                #expect(lower.y == upper.y + lineHeight + spacing)
            }
            #expect(lines.allSatisfy { $0.height == lineHeight })

            let allFit = Double(count) * lineHeight + Double(count - 1) * spacing <= height
            if allFit {
                #expect(itemLines == Array(0..<count), "\(testCase.name) at \(height)")
                #expect(!layout.isTruncated)
            } else {
                // Take the pinned line off, then check the truncated run.
                var run = lines
                let pinnedPosition: Int? = switch testCase.pinned {
                case .first: 0
                case .last: count - 1
                case nil: nil
                }
                if testCase.pinned == .first { #expect(run.removeFirst().content == .item(index: 0)) }
                if testCase.pinned == .last { #expect(run.removeLast().content == .item(index: count - 1)) }
                let runRange = testCase.pinned == .first ? 1..<count : testCase.pinned == .last ? 0..<(count - 1) : 0..<count
                if runRange.count <= 2 {
                    #expect(itemLines.count == count)
                } else {
                    #expect(run.count % 2 == 1, "odd line count")
                    #expect(run.count >= 3)
                    var kept: [Int] = []
                    for (position, line) in run.enumerated() {
                        switch line.content {
                        case .item(let item):
                            #expect(position % 2 == 0, "items on even lines")
                            kept.append(item)
                        case .bullet(let hidden):
                            #expect(position % 2 == 1, "bullets on odd lines")
                            #expect(!hidden.isEmpty)
                        }
                    }
                    #expect(kept.first == runRange.lowerBound && kept.last == runRange.upperBound - 1)
                    for (position, line) in run.enumerated() {
                        if case .bullet(let hidden) = line.content {
                            #expect(hidden == (kept[position / 2] + 1)..<kept[position / 2 + 1])
                        }
                    }
                    // Spread evenly: gaps between kept items differ by at most one.
                    let gaps = zip(kept, kept.dropFirst()).map { $1 - $0 }
                    #expect((gaps.max() ?? 0) - (gaps.min() ?? 0) <= 1)
                    // As many lines as fit: two more would not (or some bullet would then hide nothing).
                    let shown = Double(lines.count)
                    let shortest = Double(3 + (pinnedPosition == nil ? 0 : 1))
                    if shortest * lineHeight + (shortest - 1) * spacing <= height {
                        #expect(layout.fitsHeight)
                        let twoMore = shown + 2
                        let cannotGrow = twoMore * lineHeight + (twoMore - 1) * spacing > height
                        #expect(cannotGrow || kept.count == (runRange.count + 1) / 2, "\(testCase.name) at \(height)")
                    } else {
                        #expect(!layout.fitsHeight)
                        #expect(lines.first?.y == 0)
                    }
                }
                if let pinnedPosition { #expect(itemLines.contains(pinnedPosition)) }
            }
            // Monotone: more height never shows fewer lines or items.
            #expect(lines.count >= previousLineCount && itemLines.count >= previousItemCount)
            previousLineCount = lines.count
            previousItemCount = itemLines.count

            // Centred: the margins above and below differ by at most one pixel.
            if layout.fitsHeight, let first = lines.first, let last = lines.last {
                #expect(abs(first.y - (height - last.y - last.height)) <= 0.5)
            }
        }
    }

    @Test func topAlignmentStartsAtZero() throws {
        let index = SideIndex(items: SideIndexItem.alphanumeric, alignment: .top)
        #expect(try index.layout(height: 1000).lines.first?.y == 0)
        #expect(try index.layout(height: 100).lines.first?.y == 0)
    }

    @Test func emptyIndexHasNoLines() throws {
        let layout = try SideIndex(items: [], pinned: .first).layout(height: 300)
        #expect(layout.lines.isEmpty)
        #expect(layout.hitTest(y: 10) == nil)
    }

    @Test func knownTruncationOfTheAlphabet() throws {
        // 200 pt: ⌊(200 + 1) / 15.5⌋ = 12 lines fit; 11 lines keep 6 letters at round(j · 26 / 5):
        // 0, 5, 10, 16, 21, 26 → A F K Q V #.
        let layout = try SideIndex(items: SideIndexItem.alphanumeric).layout(height: 200)
        let labels = layout.lines.map { line -> String in
            if case .item(let position) = line.content { return layout.items[position].label }
            return "•"
        }
        #expect(labels == ["A", "•", "F", "•", "K", "•", "Q", "•", "V", "•", "#"])
        // 11 × 14.5 + 10 = 169.5 pt of lines, centred: ⌊(200 − 169.5) / 2⌋ on the 0.5 pt grid = 15.
        #expect(layout.lines.first?.y == 15)
    }

    @Test func badInputIsATypedError() {
        let index = SideIndex(items: SideIndexItem.alphanumeric)
        #expect(throws: SideIndexError.invalidHeight(-1)) { try index.layout(height: -1) }
        #expect(throws: SideIndexError.self) { try index.layout(height: .nan) }
        var metrics = SideIndexMetrics(fontSize: 0)
        #expect(throws: SideIndexError.invalidFontSize(0)) {
            try SideIndex(items: SideIndexItem.alphanumeric, metrics: metrics).layout(height: 100)
        }
        metrics = SideIndexMetrics(fontSize: 1e308)
        #expect(throws: SideIndexError.invalidFontSize(1e308)) {
            try SideIndex(items: SideIndexItem.alphanumeric, metrics: metrics).layout(height: 100)
        }
        metrics = SideIndexMetrics(spacing: -1)
        #expect(throws: SideIndexError.invalidSpacing(-1)) {
            try SideIndex(items: SideIndexItem.alphanumeric, metrics: metrics).layout(height: 100)
        }
        let many = Array(repeating: SideIndexItem.letter("A"), count: SideIndex.maximumItemCount + 1)
        #expect(throws: SideIndexError.tooManyItems(many.count, limit: SideIndex.maximumItemCount)) {
            try SideIndex(items: many).layout(height: 100)
        }
    }
}
