import Foundation
import Layout
import Testing

/// Gallery tiles encode with `JSONEncoder` under the field names of `pixelkit layout gallery`.
@Suite struct GalleryCodableTests {
    @Test func tilesRoundTripWithTheCommandLinesFields() throws {
        let grid = try GalleryGrid(containerWidth: 333.5, minimumTileWidth: 100, spacing: 7.25)
        let gallery = try GalleryLayout(itemCount: 40, grid: grid)
        let data = try JSONEncoder().encode(gallery.tiles)
        #expect(try JSONDecoder().decode([GalleryTile].self, from: data) == gallery.tiles)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        for (tile, object) in zip(gallery.tiles, objects) {
            #expect(Set(object.keys) == ["index", "shape", "x", "y", "width", "height", "column", "row"])
            #expect(object["shape"] as? String == tile.shape.rawValue)
            #expect(object["x"] as? Double == tile.frame.x)
        }
    }

    @Test func sideIndexHitsRoundTripWithTheCommandLinesFields() throws {
        for hit in [SideIndexHit(index: 3, item: .letter("D")), SideIndexHit(index: 0, item: .symbol(name: "magnifyingglass", isCustom: true))] {
            let data = try JSONEncoder().encode(hit)
            #expect(try JSONDecoder().decode(SideIndexHit.self, from: data) == hit)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["label"] as? String == hit.item.label)
            #expect(object["index"] as? Int == hit.index)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SideIndexHit.self, from: Data(#"{"index":1,"item":{}}"#.utf8))
        }
    }
}
