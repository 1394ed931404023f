/// How to decode: the smallest acceptable output size (so a codec may decode reduced), how to
/// treat recoverable damage, and the limits for untrusted input.
public struct DecodeOptions: Sendable, Hashable {
    /// The output may be smaller than the stored image as long as it is at least this large in
    /// both dimensions (a JPEG decodes at 1/8…1 scale). `nil` asks for full resolution.
    public var minimumSize: PixelSize?
    /// Whether recoverable damage (e.g. a truncated JPEG) is an error or a warning.
    public var strictness: Strictness
    /// Limits checked before anything sized by the input is allocated.
    public var limits: DecodingLimits
    /// When a progressive JPEG is decoded at 1/8 scale, stop after its DC scans: much faster,
    /// and each pixel can differ by the DC scans' missing low bits (≈0.25 on a photo's mean).
    /// Lenient decodes only: a strict decode reads every scan (see ``Strictness/strict``).
    public var allowsProgressiveShortcut: Bool
    /// How many threads a codec may use for this one image (default 1: the calling thread only;
    /// values below 1 count as 1). It never changes the pixels. PixelKit's JPEG codec uses a second
    /// thread to entropy-decode a large baseline JPEG decoded at 1/4 or 1/8 scale in two halves at
    /// once (about 1.7× faster). Leave it at 1 where every core already decodes an image of its
    /// own, as in a batch.
    public var maxThreads: Int
    /// When the decode must stop: past it, codecs stop within milliseconds (checked inside their
    /// decode loops, not only between rows) and throw ``ImageError/limitExceeded(_:)`` with
    /// ``LimitViolation/deadline(timeout:)``. `nil` (the default) sets no deadline. Task
    /// cancellation is checked at the same points and throws ``ImageError/cancelled``.
    public var deadline: DecodeDeadline?
    /// The color space rows are delivered in: sRGB (the default) or Display P3, converted from the
    /// image's own (``ImageDecodingSession/colorSpace``: an embedded ICC profile, an nclx box) once,
    /// as rows leave the decoder, by the registry's ``CodecRegistry/colorTransforms``; `nil` keeps
    /// the stored numbers (no color management). Applies to decodes through a ``CodecRegistry``
    /// (``ImageReader``); a codec's own session always delivers stored numbers. See <doc:Color>.
    public var outputColorSpace: OutputColorSpace?
    /// Set by ``ImageReader`` for a ``StoredCMYKDelivering`` session whose CMYK samples a profile
    /// transform will convert: the session delivers its stored C, M, Y, K bytes instead of the
    /// naive RGB. `false` (the default) everywhere else; a codec without CMYK ignores it.
    public var deliversStoredCMYK = false

    /// Decode options; the defaults are a lenient, full-size, single-threaded decode within
    /// ``DecodingLimits``' defaults, delivering sRGB.
    public init(
        minimumSize: PixelSize? = nil, strictness: Strictness = .lenient, limits: DecodingLimits = .init(),
        allowsProgressiveShortcut: Bool = true, maxThreads: Int = 1, deadline: DecodeDeadline? = nil,
        outputColorSpace: OutputColorSpace? = .sRGB
    ) {
        self.outputColorSpace = outputColorSpace
        self.deadline = deadline
        self.minimumSize = minimumSize
        self.strictness = strictness
        self.limits = limits
        self.allowsProgressiveShortcut = allowsProgressiveShortcut
        self.maxThreads = maxThreads
    }

    /// Recoverable damage handling.
    public enum Strictness: Sendable, Hashable {
        /// Any warning from the codec fails the decode with a typed error. A reduced decode (a
        /// `minimumSize`, a sink that stops early) then succeeds or fails exactly as the full-size
        /// decode of the same file would: codecs read and check the whole file, skipping no data
        /// (Docs/Security.md, "One verdict").
        case strict
        /// Warnings are returned in the `DecodeReport` along with the pixels the codec could recover.
        case lenient
    }
}

extension DecodeOptions {
    /// These options with their limits bound to `source`'s length (see ``DecodingLimits/forInput(_:costPerPixel:)``):
    /// what every codec's `decode` applies first.
    public func forInput(_ source: ImageSource, costPerPixel: Int = 1) -> DecodeOptions {
        var options = self
        options.limits = limits.forInput(source, costPerPixel: costPerPixel)
        return options
    }

    /// Throws ``ImageError/cancelled`` when the current task is cancelled and
    /// ``LimitViolation/deadline(timeout:)`` once ``deadline`` has passed. Codecs call it inside
    /// their decode loops (every row, every scan, every chunk), so a decode nobody wants any more
    /// stops within milliseconds.
    public func checkInterruption() throws(ImageError) {
        if Task.isCancelled { throw .cancelled }
        if let deadline, deadline.hasPassed { throw .limitExceeded(.deadline(timeout: deadline.timeout)) }
    }

    /// Whether ``checkInterruption()`` would throw: for C callbacks that can only answer stop or go.
    public var isInterrupted: Bool {
        Task.isCancelled || (deadline?.hasPassed ?? false)
    }
}
