import CHeif
import PixelKit

/// A `heif_image_handle` (the primary image or one of its thumbnails), released when dropped. It
/// keeps its context, and so the file's bytes libheif reads through it, alive.
final class HeifImageHandle {
    let pointer: OpaquePointer
    let context: HeifContext

    init(_ pointer: OpaquePointer, context: HeifContext) {
        self.pointer = pointer
        self.context = context
    }

    var libheif: Libheif { context.libheif }

    deinit { libheif.functions.image_handle_release(pointer) }

    /// The size libheif delivers, after the file's transformations (irot, imir, clap) are applied.
    var size: PixelSize {
        PixelSize(width: Int(libheif.functions.image_handle_get_width(pointer)), height: Int(libheif.functions.image_handle_get_height(pointer)))
    }

    /// The coded size from the `ispe` box, before the transformations: what the decoder allocates.
    var codedSize: PixelSize {
        PixelSize(width: Int(libheif.functions.image_handle_get_ispe_width(pointer)), height: Int(libheif.functions.image_handle_get_ispe_height(pointer)))
    }

    /// Whether an alpha plane (an auxiliary alpha image) comes with the image (`heif_image_handle_has_alpha_channel`).
    var hasAlpha: Bool { libheif.functions.image_handle_has_alpha_channel(pointer) != 0 }

    /// Luma bits per sample (8, 10, 12); 8 when the file does not say.
    var bitDepth: Int {
        let bits = Int(libheif.functions.image_handle_get_luma_bits_per_pixel(pointer))
        return bits > 0 ? bits : 8
    }

    /// The space the `colr` box states, nil without one: its ICC profile (`prof`/`rICC`, refused past
    /// `limits.maxColorProfileBytes` before it is copied), or its nclx primaries and transfer
    /// (``HEIFColorSpace/space(primaries:transfer:)``).
    func colorSpace(limits: DecodingLimits) -> (space: ColorSpace, embedsProfile: Bool)? {
        let type = libheif.functions.image_handle_get_color_profile_type(pointer)
        switch type {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = libheif.functions.image_handle_get_raw_color_profile_size(pointer)
            guard size <= limits.maxColorProfileBytes else {
                return (.unconvertible(.unusableProfile(.tooLarge(byteCount: size, limit: limits.maxColorProfileBytes))), true)
            }
            var bytes = [UInt8](repeating: 0, count: size)
            let status = bytes.withUnsafeMutableBytes { libheif.functions.image_handle_get_raw_color_profile(pointer, $0.baseAddress) }
            guard status.code == heif_error_Ok else {
                return (.unconvertible(.unusableProfile(.truncated(offset: 0, needed: size, byteCount: 0))), true)
            }
            return (ColorSpace(embeddedProfile: bytes, limits: limits), true)
        case heif_color_profile_type_nclx:
            return libheif.withNCLXProfile({ libheif.functions.image_handle_get_nclx_color_profile(pointer, $0) }) { profile in
                guard let profile else { return nil }
                let space = HEIFColorSpace.space(
                    primaries: Int(profile.color_primaries.rawValue), transfer: Int(profile.transfer_characteristics.rawValue))
                return (space, false)
            }
        default:
            return nil
        }
    }

    /// The auxiliary image holding this image's alpha plane, or nil. libheif lists auxiliary images
    /// with and without the alpha one (`LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA`); the alpha image is
    /// the one only the first list has (at most 16 are looked at).
    func alphaImage() -> HeifImageHandle? {
        guard hasAlpha else { return nil }
        func auxiliaryIDs(filter: Int32) -> [heif_item_id] {
            var ids = [heif_item_id](repeating: 0, count: 16)
            let listed = Int(libheif.functions.image_handle_get_list_of_auxiliary_image_IDs(pointer, filter, &ids, Int32(ids.count)))
            return Array(ids.prefix(max(0, min(listed, ids.count))))
        }
        let others = Set(auxiliaryIDs(filter: Int32(LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA)))
        guard let id = auxiliaryIDs(filter: 0).first(where: { !others.contains($0) }) else { return nil }
        var alpha: OpaquePointer?
        guard libheif.functions.image_handle_get_auxiliary_image_handle(pointer, id, &alpha).code == heif_error_Ok, let alpha else { return nil }
        return HeifImageHandle(alpha, context: context)
    }

    /// The thumbnails attached to this image with a `thmb` reference (at most 16 are looked at).
    func thumbnails() -> [HeifImageHandle] {
        let count = min(Int(libheif.functions.image_handle_get_number_of_thumbnails(pointer)), 16)
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(libheif.functions.image_handle_get_list_of_thumbnail_IDs(pointer, &ids, Int32(count)))
        return ids.prefix(max(0, min(listed, count))).compactMap { id in
            var thumbnail: OpaquePointer?
            guard libheif.functions.image_handle_get_thumbnail(pointer, id, &thumbnail).code == heif_error_Ok, let thumbnail else { return nil }
            return HeifImageHandle(thumbnail, context: context)
        }
    }
}
