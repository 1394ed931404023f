import Foundation
import Testing
@testable import ImageServiceCore

@Suite("Decode gate")
struct DecodeGateTests {
    @Test("past the running slots and the wait queue, callers are turned away with 503 and Retry-After; a release lets the next waiter in")
    func boundedQueue() async throws {
        let metrics = ServiceMetrics()
        let gate = DecodeGate(maxRunning: 1, maxWaiting: 1, retryAfterSeconds: 2, metrics: metrics)
        try await gate.acquire()
        let waiter = Task { try await gate.acquire() }
        while await gate.load.waiting < 1 { await Task.yield() }
        await #expect(gate.load == (running: 1, waiting: 1))
        do {
            try await gate.acquire()
            Issue.record("a third caller was admitted")
        } catch {
            #expect(error.status == .serviceUnavailable)
            #expect(error.headers[.retryAfter] == "2")
        }
        await gate.release()
        try await waiter.value
        await #expect(gate.load == (running: 1, waiting: 0))
        await gate.release()
        await #expect(gate.load == (running: 0, waiting: 0))
        #expect(String(decoding: metrics.render(), as: UTF8.self).contains("image_service_decodes_rejected_total 1"))
    }

    @Test("run executes the work on the thread pool and frees the slot when it throws")
    func runReleases() async throws {
        let gate = DecodeGate(maxRunning: 1, maxWaiting: 0, metrics: ServiceMetrics())
        struct Failure: Error {}
        await #expect(throws: Failure.self) { try await gate.run { throw Failure() } }
        #expect(try await gate.run { 6 * 7 } == 42)
        await #expect(gate.load == (running: 0, waiting: 0))
    }
}
