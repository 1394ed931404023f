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
