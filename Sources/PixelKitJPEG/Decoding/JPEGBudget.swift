import CJPEGShim
import PixelKit

/// The work budget of one JPEG decode, as every decoder of the C shim enforces it (`cj_budget` in
/// `cjpegbudget.h`): the most scans (`DecodingLimits.maxScans`), the most marker segments
/// (`maxChunkCount`), and a callback the C loops poll (every marker, scan and row of MCUs) that stops
/// the decode once the task is cancelled or the deadline has passed. Each decoder keeps the budget
/// alive as long as its C state, which holds a pointer to it; the callback runs on the decoding
/// thread only (where `Task.isCancelled` answers for the decoding task).
final class JPEGBudget {
    let limits: DecodingLimits
    let deadline: DecodeDeadline?

    /// The budget for a decode within `limits`, stopping past `deadline` or on cancellation.
    init(limits: DecodingLimits, deadline: DecodeDeadline?) {
        self.limits = limits
        self.deadline = deadline
    }

    /// The budget of `options`.
    convenience init(_ options: DecodeOptions) {
        self.init(limits: options.limits, deadline: options.deadline)
    }

    /// The C budget, pointing at this object: valid while it lives. Limits below 1 count as 1.
    var cBudget: cj_budget {
        cj_budget(
            max_scans: Int32(clamping: max(1, limits.maxScans)), max_markers: Int32(clamping: max(1, limits.maxChunkCount)),
            max_scan_samples: Int64(DecodeWorkEstimate.product(limits.workAllowance, Int(CJ_SCAN_SAMPLES_PER_WORK_PIXEL))),
            interrupt: { context in
                guard let context else { return Int32(CJ_CONTINUE.rawValue) }
                return Unmanaged<JPEGBudget>.fromOpaque(context).takeUnretainedValue().interruption
            },
            context: Unmanaged.passUnretained(self).toOpaque())
    }

    /// What the C callback answers: a `cj_interrupt_t`.
    private var interruption: Int32 {
        if Task.isCancelled { return Int32(CJ_INTERRUPT_CANCELLED.rawValue) }
        if let deadline, deadline.hasPassed { return Int32(CJ_INTERRUPT_DEADLINE.rawValue) }
        return Int32(CJ_CONTINUE.rawValue)
    }

    /// Throws when the decode must stop: between the C calls, as inside them.
    func checkInterruption() throws(ImageError) {
        try DecodeOptions(limits: limits, deadline: deadline).checkInterruption()
    }

    /// The error for a scan past the limit (`parameter`: the scan's number).
    func scanLimitError(scan parameter: Int32) -> ImageError {
        .limitExceeded(.scanCount(scans: Int(parameter), limit: limits.maxScans))
    }

    /// The error for a scan past the samples allowed (`parameter`: the samples decoded by then, in
    /// pixels of work).
    func workLimitError(pixels parameter: Int32) -> ImageError {
        .limitExceeded(.work(pixels: Int(parameter), inputBytes: limits.inputByteCount, limit: limits.workAllowance))
    }

    /// The error for a marker segment past the limit (`parameter`: its number).
    func markerLimitError(marker parameter: Int32) -> ImageError {
        .limitExceeded(.chunkCount(kind: "JPEG marker segments", count: Int(parameter), limit: limits.maxChunkCount))
    }

    /// The error for the callback's answer `reason` (a `cj_interrupt_t`).
    func interruptionError(reason: Int32) -> ImageError {
        if reason == Int32(CJ_INTERRUPT_DEADLINE.rawValue), let deadline {
            return .limitExceeded(.deadline(timeout: deadline.timeout))
        }
        return .cancelled
    }
}
