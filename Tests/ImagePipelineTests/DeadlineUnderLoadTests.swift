import Foundation
import ImagePipeline
import Synchronization
import Testing

/// Issue 43, row 18: in a full parallel test run "fails at the idle deadline" took 55–91 s against a
/// 1 s deadline: the watchdog was a task, and its wake-up (then the cancellation, then the result,
/// each a task waiting its turn) waited for threads of the cooperative pool, which the CPU-bound
/// suites held. A deadline must fire however busy that pool is.
@Suite("HTTP deadlines fire on time while every cooperative thread is busy")
struct DeadlineUnderLoadTests {
    @Test("The 1 s idle deadline cancels the transfer at 1 s while the pool is busy for 6 s")
    func idleDeadlineWithBusyPool() async throws {
        let directory = try TestSupport.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = URL(string: "http://127.0.0.1:9/never.jpg")!
        let body = try ResponseBody(url: url.absoluteString, limit: 1 << 20, directory: directory)
        let request = ImageLoadRequest(url: url, timeout: .seconds(60), idleTimeout: .seconds(1))
        let log = CancellationLog()
        let transfer = Task {
            await TestSupport.error { () async throws(ImagePipelineError) in
                try await TransferDeadline.run(request, body: body) { () async throws(ImagePipelineError) -> Int in
                    // A transfer that never progresses; its cancellation is noted on the thread that cancels it.
                    await withTaskCancellationHandler {
                        log.started()
                        try? await Task.sleep(for: .seconds(120))
                    } onCancel: {
                        log.cancelled()
                    }
                    throw .cancelled
                }
            }
        }
        // The transfer's start waits for a pool thread, which a parallel run's CPU-bound suites can
        // hold for a minute (seen at load 10): only the deadline after the start is this test's.
        #expect(await TestSupport.eventually { log.hasStarted })
        // CPU-bound work on every cooperative thread (and more), as decodes are. Spinning, not
        // sleeping: Dispatch adds threads for workers it sees blocked in the kernel, not for busy ones.
        let blockers = (0..<2 * ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached {
                let end = ContinuousClock.now + .seconds(6)
                var spins = 0
                while ContinuousClock.now < end { spins &+= 1 }
                return spins
            }
        }
        for blocker in blockers { _ = await blocker.value }
        #expect(await transfer.value == .timedOut(url: url.absoluteString))
        let after = try #require(log.cancelledAfterStart, "the transfer was never cancelled")
        #expect(after < .seconds(4), "cancelled after \(after), not at the 1 s deadline")
    }
}

/// When a transfer started and when it was cancelled, written from any thread.
private final class CancellationLog: Sendable {
    private struct Times { var start: ContinuousClock.Instant?; var cancel: ContinuousClock.Instant? }
    private let times = Mutex(Times())

    func started() { times.withLock { $0.start = .now } }
    func cancelled() { times.withLock { $0.cancel = .now } }
    var hasStarted: Bool { times.withLock { $0.start != nil } }
    var cancelledAfterStart: Duration? {
        times.withLock { times in times.start.flatMap { start in times.cancel.map { $0 - start } } }
    }
}
