import Layout
import Testing

/// Hit testing: every item reachable at every height, in order, with sensible edges.
@Suite struct SideIndexHitTestingTests {
    static let itemSets: [(items: [SideIndexItem], pinned: SideIndexPin?)] = [
        (SideIndexItem.alphanumeric, nil),
        ([.symbol(name: "magnifyingglass", isCustom: false)] + SideIndexItem.alphanumeric, .first),
        (SideIndexItem.alphanumeric + [.symbol(name: "star", isCustom: false)], .last),
        ((0..<120).map { .letter(String($0)) }, nil),
    ]

    @Test(arguments: itemSets)
    func sweepingTopToBottomVisitsEveryItemInOrder(set: (items: [SideIndexItem], pinned: SideIndexPin?)) throws {
        let index = SideIndex(items: set.items, pinned: set.pinned)
        for height in stride(from: 0.0, through: 1900, by: 9.5) {
            let layout = try index.layout(height: height)
            // Sample finely enough that the thinnest slice of any bullet gets at least three samples.
            let mostHidden = layout.lines.map { line -> Int in
                if case .bullet(let hidden) = line.content { return hidden.count }
                return 1
            }.max() ?? 1
            let step = (index.metrics.lineHeight + index.metrics.spacing) / Double(3 * mostHidden)
            // When even the shortest truncation overflows a tiny height, its lines run past the bottom.
            let bottom = max(height, layout.lines.last.map { $0.y + $0.height } ?? 0)
            var visited: [Int] = []
            var y = -20.0
            while y <= bottom + 20 {
                let hit = try #require(layout.hitTest(y: y))
                #expect(hit.item == set.items[hit.index])
                if visited.last != hit.index { visited.append(hit.index) }
                y += step
            }
            #expect(visited == Array(set.items.indices), "height \(height): \(visited)")
        }
    }

    @Test func edgesAndItemLinesSelectWhatTheyShow() throws {
        let layout = try SideIndex(items: SideIndexItem.alphanumeric).layout(height: 200)
        #expect(layout.hitTest(y: -1000)?.index == 0)
        #expect(layout.hitTest(y: -.infinity)?.index == 0)
        #expect(layout.hitTest(y: 10_000)?.index == 26)
        #expect(layout.hitTest(y: .infinity)?.index == 26)
        #expect(layout.hitTest(y: .nan) == nil)
        for line in layout.lines {
            let middle = line.y + line.height / 2
            switch line.content {
            case .item(let position):
                #expect(layout.hitTest(y: middle)?.index == position)
            case .bullet(let hidden):
                #expect(hidden.contains(try #require(layout.hitTest(y: middle)?.index)))
            }
        }
    }

    @Test func bulletSlicesAreProportional() throws {
        // 200 pt: A • F • K … ; the first bullet hides B–E (4 items). Its band runs from the middle of the
        // gap above to the middle of the gap below: one line pitch (15.5 pt) split into four 3.875 pt slices.
        let layout = try SideIndex(items: SideIndexItem.alphanumeric).layout(height: 200)
        let bullet = layout.lines[1]
        #expect(bullet.content == .bullet(hidden: 1..<5))
        let bandTop = bullet.y - 0.5
        for slice in 0..<4 {
            let y = bandTop + (Double(slice) + 0.5) * 3.875
            #expect(layout.hitTest(y: y)?.index == 1 + slice)
        }
    }
}
