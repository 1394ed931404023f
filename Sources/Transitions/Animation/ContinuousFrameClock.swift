/// A frame clock on Swift's `ContinuousClock` (monotonic, keeps counting while the machine
/// sleeps), for driving animations outside an Apple display link, e.g. in a command-line tool.
public struct ContinuousFrameClock: FrameClock {
    private let origin: ContinuousClock.Instant

    /// A clock whose origin is the moment of creation.
    public init() { origin = ContinuousClock.now }

    /// Seconds since creation.
    public var now: FrameInstant {
        let elapsed = origin.duration(to: ContinuousClock.now).components
        return FrameInstant(seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
    }
}
