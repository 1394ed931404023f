// libFuzzer entry point. A plain `swift build` compiles this as a stub; `Scripts/fuzz` builds it
// with `-DFUZZING -sanitize=fuzzer,address` and chooses the target with PIXELKIT_FUZZ_TARGET.
#if FUZZING
import PixelKitPlatform

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

let selectedTarget: FuzzTarget = {
    let name = getenv("PIXELKIT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        let message = "set PIXELKIT_FUZZ_TARGET to one of: \(names)\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

_ = selectedTarget
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
#else
print("PixelKitFuzz is a libFuzzer harness: build and run it with Scripts/fuzz (see Docs/Security.md).")
#endif
