import PixelKit

/// Runs decodes: admitted by the ``DecodeGate``, on the ``DecodeExecutor``'s threads, each under a
/// deadline.
///
/// The deadline reaches PixelKit twice: as `DecodeOptions.deadline`, which the codecs poll inside
/// their decode loops, and as task cancellation at the deadline, which stops decoders that check
/// only for cancellation (row sinks). A decode that still has not returned a second after its
/// deadline is answered anyway (422): the request never waits on it, and its slot stays taken
/// until it does return, so the gate's count stays true.
public final class DecodePool: Sendable {
    /// Admission: slots and the bounded queue.
    public let gate: DecodeGate
    /// The time one decode (an upload's checks, or one thumbnail) is given.
    public let timeout: Duration
    private let executor: DecodeExecutor
    private let metrics: ServiceMetrics
    /// How long past its deadline a decode that has not stopped is waited for.
    static let grace: Duration = .seconds(1)

    /// A pool running decodes on `executor`, admitted by `gate`, each within `timeout`.
    public init(gate: DecodeGate, executor: DecodeExecutor, timeout: Duration, metrics: ServiceMetrics) {
        self.gate = gate
        self.executor = executor
        self.timeout = timeout
        self.metrics = metrics
    }

    /// Runs `work` once a slot is free, passing it the deadline to decode under and whether it may
    /// use a second thread (only when no other decode is running or waiting).
    /// - Parameter departure: the client's connection; when it goes away the decode is cancelled.
    /// - Throws: ``ServiceError``: 503 when no slot is free in time, 422 past the deadline or
    ///   for an undecodable image (``ImageAnalyzer/serviceError(for:)``), 499 when the client left.
    public func run<Value: Sendable>(
        departure: ClientDeparture? = nil, _ work: @escaping @Sendable (DecodeSlot) throws(ImageError) -> Value
    ) async throws -> Value {
        try await gate.acquire()
        let deadline = DecodeDeadline.after(timeout)
        let load = gate.load
        let slot = DecodeSlot(deadline: deadline, inFlight: load.running + load.waiting)
        let outcome = DecodeOutcome<Value>()
        let gate = self.gate
        let decode = Task(executorPreference: executor) {
            let result: Result<Value, any Error>
            do throws(ImageError) {
                result = .success(try work(slot))
            } catch {
                // Cancelled by the watchdog below: the deadline is what stopped it.
                if case .cancelled = error.kind, deadline.hasPassed {
                    result = .failure(ImageError.limitExceeded(.deadline(timeout: deadline.timeout)))
                } else {
                    result = .failure(error)
                }
            }
            gate.release()
            outcome.settle(result)
        }
        let watchdog = Task {
            guard (try? await Task.sleep(until: deadline.instant, clock: .continuous)) != nil else { return }
            decode.cancel()
            guard (try? await Task.sleep(for: Self.grace)) != nil else { return }
            outcome.settle(.failure(ImageError.limitExceeded(.deadline(timeout: deadline.timeout))))
        }
        departure?.onDeparture {
            decode.cancel()
            outcome.settle(.failure(ServiceError.clientGone))
        }
        defer {
            watchdog.cancel()
            departure?.clearAction()
        }
        do {
            return try await withTaskCancellationHandler {
                try await outcome.value
            } onCancel: {
                decode.cancel()
                outcome.settle(.failure(CancellationError()))
            }
        } catch let error as ImageError {
            if case .limitExceeded(.deadline) = error.kind { metrics.decodeDeadlinesExceeded.increment() }
            throw ImageAnalyzer.serviceError(for: error)
        } catch let error as ServiceError where error.status.code == ServiceError.clientGone.status.code {
            metrics.decodesCancelled.increment()
            throw error
        } catch let error as CancellationError {
            metrics.decodesCancelled.increment()
            throw error
        }
    }
}
