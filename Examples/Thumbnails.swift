// Thumbnails: bounded-size, upright JPEG thumbnails of large photos, one at a time or as an
// ordered async batch, in bounded memory. It runs without arguments.
//
// Depends on: PixelKit, PixelKitJPEG, PixelKitPNG (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "PixelKit", package: "PixelKit"),
//   .product(name: "PixelKitJPEG", package: "PixelKit"),
//   .product(name: "PixelKitPNG", package: "PixelKit"),
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG

let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

// A stand-in for a camera photo: a 2400×1600 gradient, encoded as a JPEG in memory.
var pixels = [UInt8](repeating: 255, count: 2400 * 1600 * 4)
for y in 0..<1600 {
    for x in 0..<2400 {
        let offset = (y * 2400 + x) * 4
        pixels[offset] = UInt8(x * 255 / 2399)
        pixels[offset + 1] = UInt8(y * 255 / 1599)
        pixels[offset + 2] = UInt8((x + y) % 256)
    }
}
let photo = try codecs.encoder(for: .jpeg).encode(RGBAImage(width: 2400, height: 1600, pixels: pixels), options: EncodeOptions(quality: 0.9))

// One thumbnail: longest side 500 px, EXIF orientation applied, JPEG quality 0.75 whatever the source format.
let thumbnailer = Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 500))

/// In an `async` function Swift picks the `async` overload, which decodes off the calling actor (the
/// main actor here stays free meanwhile). Top-level code like the lines around this function picks the
/// synchronous overload even under `await`, so the call is made from here.
func makeThumbnail(of photo: [UInt8], with thumbnailer: Thumbnailer) async throws(ImageError) -> Thumbnail {
    try await thumbnailer.thumbnail(of: photo)
}
let single = try await makeThumbnail(of: photo, with: thumbnailer)
print("photo \(single.sourceInfo.size) → decoded at \(single.decodedSize) → thumbnail \(single.size), \(single.data.count) bytes")

// Writing it: atomically (a temporary file beside it, fsync, rename), so a full disk or a crash
// leaves the old file or the new one, never a partial one; a symbolic link there is refused.
try single.write(to: "/tmp/pixelkit-example-thumbnail.jpg")

// A batch: results arrive in input order whatever order they finish in; a bad input yields its own error.
let inputs: [ImageSource] = [.bytes(photo), .bytes(Array("not an image".utf8)), .bytes(photo)]
try await thumbnailer.forEachThumbnail(of: inputs, concurrency: 2, progress: { progress in
    print("  progress \(progress.completed)/\(progress.total)")
}) { item in
    switch item.result {
    case .success(let thumbnail): print("input \(item.index): \(thumbnail.size.width)×\(thumbnail.size.height) \(thumbnail.format)")
    case .failure(let error): print("input \(item.index): failed — \(error.localizedDescription)")
    }
}
