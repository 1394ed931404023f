import PixelKitPlatform
@testable import RotatingLog

/// A fallback sink that remembers what it was told.
final class CollectingSink: LogFallbackSink {
    private let faults = PThreadLocked<[LogFileFault]>([])

    func report(_ fault: LogFileFault) { faults.withLock { $0.append(fault) } }

    var reported: [LogFileFault] { faults.withLock { $0 } }
}
