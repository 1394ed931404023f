/// Builds a HEIC whose primary image is a grid (`grid` item, ISO/IEC 23008-12 §6.6.2.3) that
/// names one coded tile `rows × columns` times: the tile is item 1 of an existing file (its
/// `hvcC` and `ispe` properties and its data copied), the grid's output size is chosen freely.
/// libheif 1.15 decodes the tile once per reference.
struct HEIFGridBuilder {
    let hvcC: [UInt8]
    let ispe: [UInt8]
    let tile: [UInt8]

    /// The tile of `file`: its item 1 (the first `hvcC` and `ispe` properties are that item's).
    init?(tileOf file: [UInt8]) {
        guard let hvcC = Self.box("hvcC", in: file), let ispe = Self.box("ispe", in: file),
              let extent = HEIFItemLocations(file)?.extents[1]?.first else { return nil }
        self.hvcC = hvcC
        self.ispe = ispe
        tile = Array(file[extent])
    }

    /// The grid file: `rows × columns` references to the tile, delivering `width × height` pixels.
    func grid(rows: Int, columns: Int, width: Int, height: Int) -> [UInt8] {
        let ftyp = Self.box("ftyp", Array("heic".utf8) + Self.be(0, 4) + Array("mif1heic".utf8))
        let headerSize = ftyp.count + meta(rows: rows, columns: columns, width: width, height: height, tileOffset: 0).count
        let meta = meta(rows: rows, columns: columns, width: width, height: height, tileOffset: headerSize + 8)
        return ftyp + meta + Self.box("mdat", tile)
    }

    private func meta(rows: Int, columns: Int, width: Int, height: Int, tileOffset: Int) -> [UInt8] {
        let references = rows * columns
        let hdlr = Self.fullBox("hdlr", Self.be(0, 4) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = Self.fullBox("pitm", Self.be(2, 2))
        // Version 1: the tile's data in `mdat` (construction method 0), the grid's in `idat` (1).
        let iloc = Self.fullBox("iloc", [0x44, 0x00] + Self.be(2, 2)
            + Self.be(1, 2) + Self.be(0, 2) + Self.be(0, 2) + Self.be(1, 2) + Self.be(tileOffset, 4) + Self.be(tile.count, 4)
            + Self.be(2, 2) + Self.be(1, 2) + Self.be(0, 2) + Self.be(1, 2) + Self.be(0, 4) + Self.be(8, 4), version: 1)
        let iinf = Self.fullBox("iinf", Self.be(2, 2)
            + Self.fullBox("infe", Self.be(1, 2) + Self.be(0, 2) + Array("hvc1".utf8) + [0], version: 2, flags: 1)
            + Self.fullBox("infe", Self.be(2, 2) + Self.be(0, 2) + Array("grid".utf8) + [0], version: 2))
        let dimg = Self.box("dimg", Self.be(2, 2) + Self.be(references, 2) + (0..<references).flatMap { _ in Self.be(1, 2) })
        let iref = Self.fullBox("iref", dimg)
        let gridSize = Self.fullBox("ispe", Self.be(width, 4) + Self.be(height, 4))
        // Item 1: hvcC (essential) and its ispe; item 2: the grid's ispe.
        let ipma = Self.fullBox("ipma", Self.be(2, 4) + Self.be(1, 2) + [2, 0x81, 0x02] + Self.be(2, 2) + [1, 0x03])
        let iprp = Self.box("iprp", Self.box("ipco", hvcC + ispe + gridSize) + ipma)
        let idat = Self.box("idat", [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + Self.be(width, 2) + Self.be(height, 2))
        return Self.fullBox("meta", hdlr + pitm + iloc + iinf + iref + iprp + idat)
    }

    private static func be(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be(8 + body.count, 4) + Array(type.utf8) + body
    }

    private static func fullBox(_ type: String, _ body: [UInt8], version: UInt8 = 0, flags: Int = 0) -> [UInt8] {
        box(type, [version] + be(flags, 3) + body)
    }

    /// The first box of `type` anywhere in `file` (its size field just before the type), whole.
    private static func box(_ type: String, in file: [UInt8]) -> [UInt8]? {
        let pattern = Array(type.utf8)
        guard let start = (4..<(file.count - 4)).first(where: { Array(file[$0..<($0 + 4)]) == pattern }) else { return nil }
        let size = file[(start - 4)..<start].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 8, start - 4 + size <= file.count else { return nil }
        return Array(file[(start - 4)..<(start - 4 + size)])
    }
}
