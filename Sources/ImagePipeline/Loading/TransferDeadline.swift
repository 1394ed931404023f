/// Runs a transfer against its two deadlines: the total (``ImageLoadRequest/timeout``, from the
/// start) and the idle one (``ImageLoadRequest/idleTimeout``, from the body's last progress). A
/// watchdog task sleeps until the nearer of the two, re-reads the progress, and cancels the transfer
/// when one has passed, which then fails with ``ImagePipelineError/timedOut(url:)``. Shared by the
/// package's loaders, so both keep the same rules.
package enum TransferDeadline {
    package static func run<T: Sendable>(
        _ request: ImageLoadRequest, body: ResponseBody,
        _ operation: @escaping @Sendable () async throws(ImagePipelineError) -> T
    ) async throws(ImagePipelineError) -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let url = body.url
        let result = await withTaskGroup(of: Result<T, ImagePipelineError>?.self) { group in
            group.addTask {
                do throws(ImagePipelineError) { return .success(try await operation()) } catch { return .failure(error) }
            }
            group.addTask {
                while true {
                    let deadline = min(start + request.timeout, body.lastProgress + request.idleTimeout)
                    if clock.now >= deadline { return .failure(.timedOut(url: url)) }
                    do { try await Task.sleep(until: deadline, clock: clock) } catch { return nil }
                }
            }
            var outcome: Result<T, ImagePipelineError>?
            while let next = await group.next() {
                guard let next else { continue }
                outcome = next
                group.cancelAll()
                break
            }
            return outcome ?? .failure(.cancelled)
        }
        return try result.get()
    }
}
