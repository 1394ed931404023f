/// One thumbnail: an image and the longest side asked for.
struct ThumbnailKey: Hashable, Sendable {
    var id: ImageID
    var size: Int
}
