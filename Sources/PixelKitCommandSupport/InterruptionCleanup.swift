import Dispatch
import PixelKitPlatform

/// Makes SIGINT, SIGTERM and SIGHUP remove the run's temporary files before the process ends,
/// with the status a shell expects of a process ended by that signal (130 for SIGINT, 143 for SIGTERM).
///
/// A signal handler may not take locks or free memory, so the signals are turned into events on a
/// Dispatch queue instead: there the temporaries registered in `TemporaryFileRegistry.shared` are
/// removed, new ones are refused, and the signal is raised again with its default action.
package enum InterruptionCleanup {
    private static let installed = PThreadLocked<[any DispatchSourceSignal]>([])

    /// Installs the handlers once; later calls do nothing. Call it before writing any file.
    package static func install() {
        installed.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                // Dispatch sees a signal only while its default action is off.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { endBySignal(signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Removes the temporaries, then ends the process by `signalNumber` with its default action.
    /// The signal may arrive blocked (a parent's mask is inherited, and Dispatch may read signals
    /// from a `signalfd`, which needs them blocked), so it is unblocked on this thread before it is
    /// raised again; should the process survive anyway, it exits with the shell's status for it.
    private static func endBySignal(_ signalNumber: Int32) -> Never {
        TemporaryFileRegistry.shared.removeAllForTermination()
        signal(signalNumber, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }
}
