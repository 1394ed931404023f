import CHeif
import PixelKit

/// libheif, opened the first time a HEIF file is (`cheif_load`): its functions, called through
/// ``functions``. Programs that meet no HEIF file never load libheif or its codec libraries.
///
/// A class, so that contexts and image handles share the one table of function pointers rather
/// than each copying it.
final class Libheif: Sendable {
    /// libheif's functions, resolved by `dlsym` and never changed afterwards.
    let functions: cheif_functions

    private init(functions: cheif_functions) { self.functions = functions }

    /// The process's libheif, loaded once on first use; the failure is kept as well, so a missing
    /// libheif costs one `dlopen` attempt per process.
    static let shared: Result<Libheif, LibheifUnavailable> = load(candidates: libraryNames)

    /// The file names tried in order: the SONAME of the libheif 1.x ABI.
    static var libraryNames: [String] {
        #if canImport(Darwin)
        ["libheif.1.dylib", "/opt/homebrew/lib/libheif.1.dylib", "/usr/local/lib/libheif.1.dylib", "/opt/local/lib/libheif.1.dylib"]
        #else
        ["libheif.so.1"]
        #endif
    }

    /// The shared libheif, or `.unsupported` for `format` saying why it is unavailable.
    static func forDecoding(_ format: ImageFormat) throws(ImageError) -> Libheif {
        switch shared {
        case .success(let libheif): return libheif
        case .failure(let failure): throw .unsupported(format: format, feature: failure.reason)
        }
    }

    /// Wraps `cheif_load`: opens the first of `candidates` that `dlopen` finds and resolves every
    /// function libheif must provide.
    static func load(candidates: [String]) -> Result<Libheif, LibheifUnavailable> {
        guard !candidates.isEmpty else { return .failure(LibheifUnavailable(reason: "libheif could not be loaded: no library name to try")) }
        var error = [CChar](repeating: 0, count: 512)
        // Filled by C before it is read: a struct of non-null function pointers has no Swift initialiser.
        let table = UnsafeMutablePointer<cheif_functions>.allocate(capacity: 1)
        defer { table.deallocate() }
        let status = withCStrings(candidates) { names in
            cheif_load(names.baseAddress!, Int32(names.count), table, &error, error.count)
        }
        guard status == 0 else {
            return .failure(LibheifUnavailable(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(Libheif(functions: table.pointee))
    }

    /// Calls `body` with the nclx profile `get` hands out (`heif_image_handle_get_nclx_color_profile`,
    /// `heif_image_get_nclx_color_profile`), or nil when it fails, then frees it with
    /// `heif_nclx_color_profile_free`. libheif 1.15 returns an error *and* an allocated profile for
    /// code points it does not know (primaries 3, say), so the profile is freed whatever the status.
    func withNCLXProfile<T>(
        _ get: (UnsafeMutablePointer<UnsafeMutablePointer<heif_color_profile_nclx>?>) -> heif_error,
        _ body: (heif_color_profile_nclx?) -> T
    ) -> T {
        var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
        let status = get(&profile)
        defer { if let profile { functions.nclx_color_profile_free(profile) } }
        return body(status.code == heif_error_Ok ? profile?.pointee : nil)
    }

    /// Calls `body` with `strings` as C strings that live until it returns.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>>) -> T) -> T {
        let copies = strings.map { string in
            let utf8 = Array(string.utf8CString)
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
            copy.initialize(from: utf8, count: utf8.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer(body)
    }
}
