import BlurHash
import PixelKit

// The one place where the core's untyped errors become ``ImagePipelineError``. Once the core
// throws `throws(ImageError)` everywhere, `mapCoreError` shrinks to its `ImageError` and
// `BlurHashError` cases (and `runCore` to a plain typed `do`/`catch`).

/// Runs a call into PixelKit or BlurHash, translating what it throws.
@inline(__always)
func runCore<Value>(_ body: () throws -> Value) throws(ImagePipelineError) -> Value {
    do {
        return try body()
    } catch {
        throw mapCoreError(error)
    }
}

/// The pipeline's error for an error thrown by PixelKit or BlurHash.
func mapCoreError(_ error: any Error) -> ImagePipelineError {
    switch error {
    case ImageError.cancelled: .cancelled
    case let error as ImageError: .image(error)
    case let error as BlurHashError: .blurHash(message: String(describing: error))
    case let error as ImagePipelineError: error
    default: .invalidOptions(String(describing: error))
    }
}
