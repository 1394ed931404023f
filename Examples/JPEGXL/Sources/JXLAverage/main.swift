// An app that reads JPEG XL beside PixelKit's own formats: it registers `JXLCodec` in a
// `CodecRegistry` with the JPEG and PNG codecs and prints each file's average color as the JSON
// of `pixelkit average` (one object per line).
//
//     swift run --package-path Examples/JPEGXL jxl-average [--exact] FILE...
import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitJXL
import PixelKitPNG

let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), JXLCodec()])
var arguments = Array(CommandLine.arguments.dropFirst())
let exact = arguments.contains("--exact")
arguments.removeAll { $0 == "--exact" }
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: jxl-average [--exact] FILE...\n".utf8))
    exit(64)
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var failed = false
for path in arguments {
    do {
        let result = try codecs.averageColor(of: path, options: AverageOptions(accuracy: exact ? .exact : .fast))
        print(String(decoding: try encoder.encode(result), as: UTF8.self))
    } catch {
        FileHandle.standardError.write(Data("jxl-average: \(error.localizedDescription)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
