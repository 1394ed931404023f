import CJXL

/// How far libjxl alone (no PixelKit, the calling thread only, the whole file in memory) takes one
/// decode: the rows that show where the fast average's time goes and why libjxl 0.7 cannot give
/// the DC pass for less than a full-size render.
enum LibjxlStage: String, CaseIterable {
    /// Up to the DC pass (`JXL_DEC_FRAME_PROGRESSION` with `kDC`): the DC decoded, nothing rendered.
    /// The floor of any DC-based average, had libjxl a way to hand the DC out at 1/8.
    case dcDecoded = "DC decoded"
    /// The DC pass rendered (`JxlDecoderFlushImage` at that event): what the fast average pays.
    /// libjxl 0.7 renders it only at full size (8× upsampling and color conversion of every pixel).
    case dcRendered = "DC rendered"
    /// The whole image to RGBA8.
    case full = "full"
    /// The original JPEG's bytes rebuilt (`JxlDecoderSetJPEGBuffer`): a transcoded JPEG only.
    /// It needs every AC coefficient, so it is no shortcut either.
    case jpegRebuilt = "JPEG rebuilt"

    /// Runs libjxl over `file` to this stage. Returns the rebuilt JPEG for `.jpegRebuilt`, else nothing.
    func run(_ file: [UInt8]) -> [UInt8] {
        guard let decoder = JxlDecoderCreate(nil) else { fail("libjxl could not create a decoder") }
        defer { JxlDecoderDestroy(decoder) }
        var events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_FULL_IMAGE.rawValue
        switch self {
        case .dcDecoded, .dcRendered: events |= JXL_DEC_FRAME_PROGRESSION.rawValue
        case .jpegRebuilt: events |= JXL_DEC_JPEG_RECONSTRUCTION.rawValue
        case .full: break
        }
        guard JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
              JxlDecoderSetProgressiveDetail(decoder, kDC) == JXL_DEC_SUCCESS
        else { fail("libjxl refused the settings") }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var pixels: UnsafeMutableRawBufferPointer?
        defer { pixels?.deallocate() }
        var jpeg: [UInt8] = []
        var info = JxlBasicInfo()
        return file.withUnsafeBufferPointer { input in
            JxlDecoderSetInput(decoder, input.baseAddress, input.count)
            JxlDecoderCloseInput(decoder)
            while true {
                switch JxlDecoderProcessInput(decoder) {
                case JXL_DEC_BASIC_INFO:
                    JxlDecoderGetBasicInfo(decoder, &info)
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    var size = 0
                    JxlDecoderImageOutBufferSize(decoder, &format, &size)
                    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
                    pixels = buffer
                    JxlDecoderSetImageOutBuffer(decoder, &format, buffer.baseAddress, size)
                case JXL_DEC_JPEG_RECONSTRUCTION:
                    // A JPEG is smaller than its 8-bit RGB pixels (plus headers) in any case the bench makes.
                    jpeg = [UInt8](repeating: 0, count: Int(info.xsize) * Int(info.ysize) * 3 + (1 << 20))
                    let status = jpeg.withUnsafeMutableBufferPointer { JxlDecoderSetJPEGBuffer(decoder, $0.baseAddress, $0.count) }
                    if status != JXL_DEC_SUCCESS { fail("libjxl refused the JPEG buffer") }
                case JXL_DEC_FRAME_PROGRESSION:
                    if self == .dcRendered, JxlDecoderFlushImage(decoder) != JXL_DEC_SUCCESS { fail("libjxl could not render the DC pass") }
                    return []
                case JXL_DEC_FULL_IMAGE:
                    guard self == .jpegRebuilt else { return [] }
                    // Only the JPEG was asked for: libjxl rendered no pixels.
                    let unused = JxlDecoderReleaseJPEGBuffer(decoder)
                    return Array(jpeg[..<(jpeg.count - unused)])
                case JXL_DEC_SUCCESS:
                    fail("\(rawValue): the file ended before the stage")
                case let status:
                    fail("\(rawValue): libjxl status \(status.rawValue)")
                }
            }
        }
    }
}
