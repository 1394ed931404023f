import Foundation
import ImagePipeline
import Testing

/// Issue 43, row 18: in a full parallel test run "fails at the idle deadline" took 55–91 s against a
/// 1 s deadline: the watchdog was a task, and its wake-up waited for a thread of the cooperative
/// pool, which the CPU-bound suites held. A deadline must fire however busy that pool is.
@Suite("HTTP deadlines fire on time while every cooperative thread is busy", .enabled(if: TestSupport.hasHTTPClientLoader, "needs the HTTPClientLoader trait"))
struct DeadlineUnderLoadTests {
    @Test("A silent server's connection is closed at the 1 s idle deadline while the pool is blocked for 6 s")
    func idleDeadlineWithBusyPool() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/silent.jpg", .silent)
        let url = server.url("/silent.jpg")
        let pipeline = TestSupport.pipeline(timeout: .seconds(60), idleTimeout: .seconds(1))
        let load = Task {
            await TestSupport.error { () async throws(ImagePipelineError) in try await pipeline.data(for: ImageRequest(url: url)) }
        }
        #expect(await TestSupport.eventually(within: 60) { server.requests("/silent.jpg") == 1 })
        // The hang-up is watched from a thread of its own: no task can run while the pool is blocked.
        let hangUp = HangUpWatch(server: server, path: "/silent.jpg", within: .seconds(10))
        // Blocking work on every cooperative thread (and more), as decodes are.
        let blockers = (0..<2 * ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { usleep(6_000_000) }
        }
        for blocker in blockers { await blocker.value }
        let error = await load.value
        #expect(error == .timedOut(url: url.absoluteString))
        let after = try #require(try await TestSupport.offPool { hangUp.wait() }, "the connection was never closed")
        #expect(after < .seconds(4), "closed after \(after), not at the deadline")
    }
}

/// When, after its start, `server` saw the client hang up `path`, watched by polling from a thread.
private final class HangUpWatch: @unchecked Sendable {
    // @unchecked: `seen` is written by the thread before `done` is signalled and read after.
    private var seen: Duration?
    private let done = DispatchSemaphore(value: 0)

    init(server: LoopbackHTTPServer, path: String, within limit: Duration) {
        let start = ContinuousClock.now
        Thread { [self] in
            while ContinuousClock.now - start < limit {
                if server.hangUps(path) > 0 {
                    seen = ContinuousClock.now - start
                    break
                }
                usleep(10_000)
            }
            done.signal()
        }.start()
    }

    func wait() -> Duration? {
        done.wait()
        return seen
    }
}
