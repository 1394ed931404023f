import CLCMS2
import PixelKitPlatform

/// The messages lcms2 reports through one context's error handler, recorded instead of printed, so
/// that a refused profile becomes `ColorProfileError.engineFailed` with lcms2's words.
final class LCMSErrorLog: Sendable {
    private let messages = PThreadLocked<[String]>([])
    /// Messages kept per context: enough to explain a failure, never a growing log.
    private static let capacity = 8

    /// lcms2's error handler (`cmsSetLogErrorHandlerTHR`): finds the log through the context's user data.
    static let handler: cmsLogErrorHandlerFunction = { context, _, text in
        guard let data = cmsGetContextUserData(context), let text else { return }
        Unmanaged<LCMSErrorLog>.fromOpaque(data).takeUnretainedValue().record(String(cString: text))
    }

    func record(_ message: String) {
        messages.withLock { if $0.count < Self.capacity { $0.append(message) } }
    }

    /// The recorded messages joined, or `fallback` when lcms2 failed without saying why.
    func summary(or fallback: String) -> String {
        let recorded = messages.withLock { $0 }
        return recorded.isEmpty ? fallback : recorded.joined(separator: "; ")
    }
}
