import Foundation
import Synchronization
import Testing
@testable import ImageServiceCore

@Suite("Decode gate")
struct DecodeGateTests {
    @Test("past the running slots and the wait queue, callers are turned away with 503 and Retry-After; a release lets the next waiter in")
    func boundedQueue() async throws {
        let metrics = ServiceMetrics()
        let gate = DecodeGate(maxRunning: 1, maxWaiting: 1, retryAfterSeconds: 2, metrics: metrics)
        try await gate.acquire()
        #expect(!gate.isFull)
        let waiter = Task { try await gate.acquire() }
        while gate.load.waiting < 1 { await Task.yield() }
        #expect(gate.load == (running: 1, waiting: 1))
        #expect(gate.isFull)
        do {
            try await gate.acquire()
            Issue.record("a third caller was admitted")
        } catch let error as ServiceError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.headers[.retryAfter] == "2")
        }
        gate.release()
        try await waiter.value
        #expect(gate.load == (running: 1, waiting: 0))
        gate.release()
        #expect(gate.load == (running: 0, waiting: 0))
        #expect(String(decoding: metrics.render(), as: UTF8.self).contains("image_service_decodes_rejected_total 1"))
    }

    @Test("a waiter is answered 503 once it has waited maxWait, and a cancelled waiter leaves the queue")
    func boundedWait() async throws {
        let gate = DecodeGate(maxRunning: 1, maxWaiting: 2, maxWait: .milliseconds(50), metrics: ServiceMetrics())
        try await gate.acquire()
        await #expect(throws: ServiceError.self) { try await gate.acquire() }
        #expect(gate.load == (running: 1, waiting: 0))
        gate.release()
        let patient = DecodeGate(maxRunning: 1, maxWaiting: 2, maxWait: .seconds(60), metrics: ServiceMetrics())
        try await patient.acquire()
        let cancelled = Task { try await patient.acquire() }
        while patient.load.waiting < 1 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(patient.load == (running: 1, waiting: 0))
        #expect(gate.load == (running: 0, waiting: 0))
    }

    /// Issue 42, item 2: every decode used the split decoder's second thread, busy or not.
    @Test("a decode may use a second thread only while it is the one decode in flight")
    func secondThreadOnlyWhenAlone() async throws {
        let metrics = ServiceMetrics()
        let gate = DecodeGate(maxRunning: 2, maxWaiting: 2, metrics: metrics)
        let executor = DecodeExecutor(threadCount: 2)
        let pool = DecodePool(gate: gate, executor: executor, timeout: .seconds(60), metrics: metrics)
        let firstStarted = Mutex(false)
        let finishFirst = DispatchSemaphore(value: 0)
        let first = Task {
            try await pool.run { slot in
                firstStarted.withLock { $0 = true }
                finishFirst.wait()
                return slot.usesSecondThread
            }
        }
        while !firstStarted.withLock({ $0 }) { await Task.yield() }
        let second = try await pool.run { $0.usesSecondThread }
        finishFirst.signal()
        #expect(try await first.value)
        #expect(!second)
        // Alone again once the first has finished.
        #expect(try await pool.run { $0.usesSecondThread })
        try await executor.shutdown()
    }
}
