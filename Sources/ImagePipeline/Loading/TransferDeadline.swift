import Dispatch
import PixelKitPlatform

/// Runs a transfer against its two deadlines: the total (``ImageLoadRequest/timeout``, from the
/// start) and the idle one (``ImageLoadRequest/idleTimeout``, from the body's last progress). Shared
/// by the package's loaders, so both keep the same rules.
///
/// The watchdog is a timer on a Dispatch queue of its own, never a task: a task's wake-up waits for
/// a free thread of Swift's cooperative pool, which a process busy decoding may not have for a
/// minute. When a deadline passes, the timer decides the outcome
/// (``ImagePipelineError/timedOut(url:)``) and cancels the transfer's task at once, from its own
/// thread: the loaders' clients then close the connection on their own threads, on time.
package enum TransferDeadline {
    package static func run<T: Sendable>(
        _ request: ImageLoadRequest, body: ResponseBody,
        _ operation: @escaping @Sendable () async throws(ImagePipelineError) -> T
    ) async throws(ImagePipelineError) -> T {
        let outcome = FirstOutcome<T>()
        let transfer = Task {
            let result: Result<T, ImagePipelineError>
            do throws(ImagePipelineError) { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.settle(result)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let url = body.url
        let timer = DispatchSource.makeTimerSource(queue: watchdogQueue)
        // The handler holds the body and the timer itself: cancelling the timer (below, once there is
        // a result) releases both, so the body's file goes with the transfer.
        timer.setEventHandler {
            let deadline = min(start + request.timeout, body.lastProgress + request.idleTimeout)
            let remaining = deadline - clock.now
            guard remaining > .zero else {
                if outcome.settle(.failure(.timedOut(url: url))) { transfer.cancel() }
                timer.cancel()
                return
            }
            timer.schedule(deadline: .now() + Self.dispatchInterval(remaining))
        }
        timer.schedule(deadline: .now())
        timer.activate()
        let result = await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            if outcome.settle(.failure(.cancelled)) { transfer.cancel() }
        }
        timer.cancel()
        return try result.get()
    }

    /// `duration` for Dispatch, rounded up to the next nanosecond (at most a day: the timer re-arms).
    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000) + 1)
    }

    /// The deadlines' own serial queue: Dispatch gives it a thread whenever a timer fires, however
    /// busy the cooperative pool is.
    private static let watchdogQueue = DispatchQueue(label: "ImagePipeline.TransferDeadline")
}

/// The first of several racing results (the transfer's, a deadline's, a cancellation's), handed to
/// the one task that waits for it.
private final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, ImagePipelineError>?
        var waiter: CheckedContinuation<Result<T, ImagePipelineError>, Never>?
    }

    private let state = PThreadLocked(State())

    /// Records `result` unless one was recorded already; whether this one was.
    @discardableResult
    func settle(_ result: Result<T, ImagePipelineError>) -> Bool {
        let waiter = state.withLock { state -> CheckedContinuation<Result<T, ImagePipelineError>, Never>?? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return .some(state.waiter)
        }
        guard let waiter else { return false }
        waiter?.resume(returning: result)
        return true
    }

    /// The first result, once there is one.
    func value() async -> Result<T, ImagePipelineError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<T, ImagePipelineError>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
