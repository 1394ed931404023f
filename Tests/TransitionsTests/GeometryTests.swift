import Testing
@testable import Transitions

@Suite struct GeometryTests {
    @Test func visibilityByIntersection() {
        let screen = FrameRect(x: 0, y: 1000, width: 400, height: 800)  // scrolled to y = 1000
        let tiles = (0..<10).map { FrameRect(x: 0, y: Double($0) * 300, width: 400, height: 300) }
        // Tiles 3 (900–1200) through 5 (1500–1800) overlap 1000–1800; tile 6 starts at 1800 (touching only).
        #expect(tiles.indicesVisible(in: screen) == [3, 4, 5])
        #expect(tiles.indicesVisible(in: screen, margin: 300) == [2, 3, 4, 5, 6])
        #expect(!tiles[6].intersects(screen))
        #expect(tiles[4].visibleFraction(in: screen) == 1)
        #expect(abs(tiles[3].visibleFraction(in: screen) - 200.0 / 300) < 1e-12)
        #expect(FrameRect(x: .nan, y: 0, width: 1, height: 1).intersects(screen) == false)
        #expect(FrameRect(x: 10, y: 10, width: -5, height: -5) == FrameRect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func parallaxOffset() {
        let container = FrameRect(x: 0, y: 0, width: 400, height: 800)
        let parallax = Parallax(factor: 0.2)
        // Centred child: no offset.
        let centred = FrameRect(x: 100, y: 300, width: 200, height: 200)
        #expect(parallax.offset(childFrame: centred, visibleContainerFrame: container) == (0, 0))
        // Child 100 pt above centre: layer pushed 20 pt down.
        let above = FrameRect(x: 100, y: 200, width: 200, height: 200)
        #expect(parallax.offset(childFrame: above, visibleContainerFrame: container) == (0, 20))
        // Scrolling by s moves the layer on screen by s·(1 − factor).
        for scroll in [-50.0, 13, 240] {
            let moved = FrameRect(x: 100, y: 200 - scroll, width: 200, height: 200)
            let before = above.y + parallax.offset(childFrame: above, visibleContainerFrame: container).dy
            let after = moved.y + parallax.offset(childFrame: moved, visibleContainerFrame: container).dy
            #expect(abs((before - after) - scroll * 0.8) < 1e-9)
        }
        #expect(Parallax(factor: .nan).offset(childFrame: above, visibleContainerFrame: container) == (0, 0))
    }
}
