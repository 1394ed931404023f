import PixelKit

extension ImagePipelineError {
    /// The pipeline's error for one the core threw: the core's cancellation is the pipeline's.
    init(_ error: ImageError) {
        if case .cancelled = error { self = .cancelled } else { self = .image(error) }
    }
}
