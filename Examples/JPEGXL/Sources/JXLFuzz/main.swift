// libFuzzer entry point for the JPEG XL codec. A plain `swift build` compiles this as a stub;
// Scripts/fuzz builds it with `-DFUZZING -sanitize=fuzzer,address` and runs it.
#if FUZZING
import Foundation
import PixelKit
import PixelKitJXL

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Takes every row, touching its bytes, so that a row shorter than its width is found.
struct TouchingSink: RowSink {
    var width = 0
    var checksum = 0
    mutating func begin(size: PixelSize) { width = size.width }
    mutating func consume(_ row: PixelRow) {
        precondition(row.width == width, "a row of \(row.width) pixels in an image \(width) wide")
        for byte in row.pixels { checksum &+= Int(byte) }
    }
}

/// Limits small enough that any input decodes in well under a second under AddressSanitizer.
let limits = DecodingLimits(maxPixelCount: 1 << 20, maxDimension: 4096, maxMemoryBytes: 256 << 20, maxInputBytes: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let codec = JXLCodec()
    guard codec.recognizes(Array(bytes.prefix(codec.signatureLength))) else { return 0 }
    for options in [DecodeOptions(strictness: .lenient, limits: limits), DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), strictness: .lenient, limits: limits)] {
        var sink = TouchingSink()
        _ = try? codec.open(.bytes(bytes), options: options).decode(options: options, into: &sink)
    }
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
#else
print("jxl-fuzz is a libFuzzer harness: build and run it with Examples/JPEGXL/Scripts/fuzz.")
#endif
