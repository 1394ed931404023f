import CJXL

/// The color encoding of the pixels a ``JXLCodec`` session delivers, as libjxl states it: an
/// enumerated encoding (`JxlDecoderGetColorAsEncodedProfile`) when it has one, otherwise the ICC
/// profile (`JxlDecoderGetColorAsICCProfile`). The session's ``JXLCodec/Session/colorSpace`` is
/// what PixelKit converts from.
public enum JXLColorProfile: Sendable, Hashable {
    /// Primaries, white point and transfer function named by the file.
    case encoded(JXLColorEncoding)
    /// An ICC profile (at most `DecodingLimits.maxChunkBytes` bytes).
    case icc([UInt8])
}

/// An enumerated JPEG XL color encoding (`JxlColorEncoding`).
public struct JXLColorEncoding: Sendable, Hashable {
    /// `"rgb"`, `"gray"`, `"xyb"` or `"unknown"`.
    public var colorSpace: String
    /// `"d65"`, `"e"`, `"dci"` or `"custom"`; the chromaticity is ``whitePointXY`` in every case.
    public var whitePoint: String
    /// The white point's CIE x and y.
    public var whitePointXY: [Double]
    /// `"srgb"`, `"bt2100"`, `"p3"` or `"custom"` (nil for gray and XYB, which have none).
    public var primaries: String?
    /// The red, green and blue primaries' CIE x and y, six values (empty when ``primaries`` is nil).
    public var primariesXY: [Double]
    /// `"srgb"`, `"linear"`, `"bt709"`, `"pq"`, `"hlg"`, `"dci"`, `"gamma"` or `"unknown"`.
    public var transferFunction: String
    /// The exponent when ``transferFunction`` is `"gamma"` (libjxl's value, e.g. 0.4545… for 2.2).
    public var gamma: Double?
    /// `"perceptual"`, `"relative"`, `"saturation"` or `"absolute"`.
    public var renderingIntent: String

    /// Whether this is sRGB as the web assumes it: sRGB primaries, D65, the sRGB transfer function.
    public var isSRGB: Bool {
        colorSpace == "rgb" && primaries == "srgb" && whitePoint == "d65" && transferFunction == "srgb"
    }

    /// Whether this is gray with sRGB's white and transfer function: sRGB's own grays.
    var isSRGBGray: Bool { colorSpace == "gray" && whitePoint == "d65" && transferFunction == "srgb" }

    /// Whether this is Display P3: P3 primaries, D65, the sRGB transfer function.
    var isDisplayP3: Bool { colorSpace == "rgb" && primaries == "p3" && whitePoint == "d65" && transferFunction == "srgb" }

    init(_ encoding: JxlColorEncoding) {
        colorSpace = switch encoding.color_space {
        case JXL_COLOR_SPACE_RGB: "rgb"
        case JXL_COLOR_SPACE_GRAY: "gray"
        case JXL_COLOR_SPACE_XYB: "xyb"
        default: "unknown"
        }
        whitePoint = switch encoding.white_point {
        case JXL_WHITE_POINT_D65: "d65"
        case JXL_WHITE_POINT_E: "e"
        case JXL_WHITE_POINT_DCI: "dci"
        default: "custom"
        }
        whitePointXY = [encoding.white_point_xy.0, encoding.white_point_xy.1]
        if encoding.color_space == JXL_COLOR_SPACE_RGB {
            primaries = switch encoding.primaries {
            case JXL_PRIMARIES_SRGB: "srgb"
            case JXL_PRIMARIES_2100: "bt2100"
            case JXL_PRIMARIES_P3: "p3"
            default: "custom"
            }
            primariesXY = [
                encoding.primaries_red_xy.0, encoding.primaries_red_xy.1,
                encoding.primaries_green_xy.0, encoding.primaries_green_xy.1,
                encoding.primaries_blue_xy.0, encoding.primaries_blue_xy.1,
            ]
        } else {
            primaries = nil
            primariesXY = []
        }
        transferFunction = switch encoding.transfer_function {
        case JXL_TRANSFER_FUNCTION_SRGB: "srgb"
        case JXL_TRANSFER_FUNCTION_LINEAR: "linear"
        case JXL_TRANSFER_FUNCTION_709: "bt709"
        case JXL_TRANSFER_FUNCTION_PQ: "pq"
        case JXL_TRANSFER_FUNCTION_HLG: "hlg"
        case JXL_TRANSFER_FUNCTION_DCI: "dci"
        case JXL_TRANSFER_FUNCTION_GAMMA: "gamma"
        default: "unknown"
        }
        gamma = encoding.transfer_function == JXL_TRANSFER_FUNCTION_GAMMA ? encoding.gamma : nil
        renderingIntent = switch encoding.rendering_intent {
        case JXL_RENDERING_INTENT_PERCEPTUAL: "perceptual"
        case JXL_RENDERING_INTENT_SATURATION: "saturation"
        case JXL_RENDERING_INTENT_ABSOLUTE: "absolute"
        default: "relative"
        }
    }
}

extension JXLColorProfile {
    /// Whether the file describes its color with an ICC profile.
    var isICC: Bool { if case .icc = self { true } else { false } }
}
