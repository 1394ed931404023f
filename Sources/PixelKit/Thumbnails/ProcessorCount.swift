import PixelKitPlatform

/// The number of processors currently online, at least 1: the default batch concurrency.
package enum ProcessorCount {
    /// `sysconf(_SC_NPROCESSORS_ONLN)`, at least 1.
    package static var active: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
