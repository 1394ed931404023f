import PixelKit

/// What a GIF's block structure says, learned by walking its blocks without decompressing any
/// image data: the canvas, the first frame's descriptor and transparency, and how many frames there
/// are. The walk reads each block's length byte and skips its data, so its work is bounded by the
/// input's size; it stops with `ImageError.limitExceeded` as soon as the frames pass
/// `DecodingLimits.maxFrames` or the extensions `maxChunkCount`.
///
/// Bytes between blocks that start none (a zero-length sub-block repeated after an extension's
/// terminator, as in files whose comments end in several empty sub-blocks) are skipped one by one,
/// as Pillow and browsers do. A file that ends after its first frame is complete is counted up to
/// where it ends (``endsEarly`` says whether it ended inside a block): only the first frame is
/// ever decoded.
struct GIFStructure {
    /// The logical screen (canvas) size.
    let canvas: PixelSize
    /// Entries in the global color table, or 0 without one.
    let globalColorCount: Int
    /// The first frame's rectangle on the canvas (it may reach past the canvas).
    let firstFrame: PixelRect
    /// Whether the first frame's rows are stored interlaced (0, 4, 2, 1 passes).
    let firstFrameInterlaced: Bool
    /// Entries in the first frame's local color table, or 0 without one.
    let firstFrameLocalColorCount: Int
    /// The first frame's LZW minimum code size (2…8 in valid files).
    let firstFrameCodeSize: Int
    /// The first frame's transparent color index (its Graphic Control Extension), if any.
    let transparentIndex: Int?
    /// Image descriptors in the file.
    let frameCount: Int
    /// Extensions in the file.
    let extensionCount: Int
    /// Bytes between blocks that started no block and were skipped (zero bytes not counted).
    let strayBytes: Int
    /// Whether the file ends inside a block after its first frame (the later frames are damaged;
    /// the first is complete).
    let endsEarly: Bool

    /// `GIF87a` or `GIF89a`.
    static func isGIF(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && (bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)))
    }

    static let signatureLength = 6

    /// The color table's bit depth: 1 for 2 entries … 8 for 256 (8 without a table).
    static func bits(forColorCount colors: Int) -> Int {
        colors < 2 ? 8 : Int.bitWidth - (colors - 1).leadingZeroBitCount
    }

    /// The image facts a probe reports.
    var info: ImageInfo {
        let colors = firstFrameLocalColorCount > 0 ? firstFrameLocalColorCount : globalColorCount
        let coversCanvas = firstFrame.x == 0 && firstFrame.y == 0
            && firstFrame.width >= canvas.width && firstFrame.height >= canvas.height
        return ImageInfo(
            format: .gif, size: canvas, orientation: .up, bitDepth: Self.bits(forColorCount: colors),
            hasAlpha: transparentIndex != nil || !coversCanvas, colorModel: colors == 0 ? .gray : .palette,
            isProgressive: firstFrameInterlaced, frames: frameCount)
    }

    /// Whether these facts pass `limits` (a walk under them would not stop at a limit).
    func passes(_ limits: DecodingLimits) -> Bool {
        do throws(ImageError) {
            try limits.check(canvas)
            try limits.check(PixelSize(width: firstFrame.width, height: firstFrame.height))
        } catch {
            return false
        }
        return frameCount <= limits.maxFrames && extensionCount <= limits.maxChunkCount
    }

    /// Walks `input` from its first byte.
    /// - Throws: `ImageError.malformed(format: .gif, …)` for a file that is not a GIF, has an empty
    ///   logical screen or no frame, `.truncated` when it ends before its first frame's data, `.limitExceeded` for a canvas
    ///   or first frame breaking `limits`, too many frames or extensions; the input's read error.
    static func walk(_ input: GIFInput, limits: DecodingLimits) throws(ImageError) -> GIFStructure {
        input.rewind()
        let header = input.read(13)
        if let failure = input.failure { throw failure }
        guard header.count >= 6, isGIF(header) else {
            throw .malformed(format: .gif, message: "no GIF87a or GIF89a signature")
        }
        guard header.count == 13 else { throw .truncated(format: .gif, message: "the file ends inside the logical screen descriptor") }
        let canvas = PixelSize(width: Int(header[6]) | Int(header[7]) << 8, height: Int(header[8]) | Int(header[9]) << 8)
        guard canvas.width > 0, canvas.height > 0 else {
            throw .malformed(format: .gif, message: "the logical screen is empty (\(canvas.width)×\(canvas.height))")
        }
        try limits.check(canvas)
        let globalColorCount = header[10] & 0x80 != 0 ? 2 << Int(header[10] & 7) : 0
        guard input.skip(globalColorCount * 3) else { throw truncation(input, "the file ends inside the global color table") }

        var frames = 0, extensions = 0, strayBytes = 0
        var pendingTransparency: Int?
        var first: FirstFrame?
        var endsEarly = false
        walking: while true {
            do throws(ImageError) {
                guard let introducer = input.readByte() else {
                    if let failure = input.failure { throw failure }
                    // A missing trailer is common and harmless once the first frame is complete.
                    guard first != nil else { throw .truncated(format: .gif, message: "the file ends before its first image") }
                    break walking
                }
                switch introducer {
                case 0x21:
                    extensions += 1
                    guard extensions <= limits.maxChunkCount else {
                        throw .limitExceeded(.chunkCount(kind: "GIF extensions", count: extensions, limit: limits.maxChunkCount))
                    }
                    guard let label = input.readByte() else { throw endOfData(input, "an extension") }
                    if label == 0xF9, first == nil {
                        // Graphic Control Extension: its first sub-block is [flags, delay, delay, index].
                        guard let length = input.readByte() else { throw endOfData(input, "an extension") }
                        let body = input.read(Int(length))
                        guard body.count == Int(length) else { throw endOfData(input, "an extension") }
                        if length >= 4 { pendingTransparency = body[0] & 1 != 0 ? Int(body[3]) : nil }
                        if length > 0 { try skipSubBlocks(input, "an extension") }
                    } else {
                        try skipSubBlocks(input, "an extension")
                    }
                case 0x2C:
                    frames += 1
                    guard frames <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames)) }
                    let descriptor = input.read(9)
                    guard descriptor.count == 9 else { throw endOfData(input, "an image descriptor") }
                    let localColors = descriptor[8] & 0x80 != 0 ? 2 << Int(descriptor[8] & 7) : 0
                    guard input.skip(localColors * 3), let codeSize = input.readByte() else {
                        throw endOfData(input, "a local color table")
                    }
                    var frame: FirstFrame?
                    if first == nil {
                        func word(_ at: Int) -> Int { Int(descriptor[at]) | Int(descriptor[at + 1]) << 8 }
                        let rect = PixelRect(x: word(0), y: word(2), width: word(4), height: word(6))
                        guard rect.width > 0, rect.height > 0 else {
                            throw .malformed(format: .gif, message: "the first image is empty (\(rect.width)×\(rect.height))")
                        }
                        // Its LZW output is exactly width × height indices: bounded like the canvas.
                        try limits.check(PixelSize(width: rect.width, height: rect.height))
                        frame = FirstFrame(
                            rect: rect, interlaced: descriptor[8] & 0x40 != 0, localColors: localColors,
                            codeSize: Int(codeSize), transparency: pendingTransparency)
                    }
                    try skipSubBlocks(input, "image data")
                    if let frame { first = frame }
                case 0x3B:
                    break walking
                default:
                    if introducer != 0 { strayBytes += 1 }
                }
            } catch .truncated where first != nil {
                endsEarly = true
                break walking
            }
        }
        guard let first else { throw .malformed(format: .gif, message: "the file has no image") }
        return GIFStructure(
            canvas: canvas, globalColorCount: globalColorCount, firstFrame: first.rect,
            firstFrameInterlaced: first.interlaced, firstFrameLocalColorCount: first.localColors, firstFrameCodeSize: first.codeSize,
            transparentIndex: first.transparency, frameCount: frames, extensionCount: extensions, strayBytes: strayBytes, endsEarly: endsEarly)
    }

    /// The first image descriptor's facts, kept while the walk goes on.
    private struct FirstFrame {
        let rect: PixelRect, interlaced: Bool, localColors: Int, codeSize: Int, transparency: Int?
    }

    /// Skips data sub-blocks up to and including the zero-length terminator.
    private static func skipSubBlocks(_ input: GIFInput, _ what: String) throws(ImageError) {
        while true {
            guard let length = input.readByte() else { throw endOfData(input, what) }
            if length == 0 { return }
            guard input.skip(Int(length)) else { throw endOfData(input, what) }
        }
    }

    /// The error for data ending inside a block: the read error if there was one, else truncation.
    private static func endOfData(_ input: GIFInput, _ what: String) -> ImageError {
        input.failure ?? .truncated(format: .gif, message: "the file ends inside \(what)")
    }

    private static func truncation(_ input: GIFInput, _ message: String) -> ImageError {
        input.failure ?? .truncated(format: .gif, message: message)
    }
}
