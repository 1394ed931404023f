import ArgumentParser

/// `pixelkit fetch`'s arguments. `pixelkit` parses them (for its help and usage errors) and then
/// runs `pixelkit-fetch`, which parses the same arguments and does the work: the networking stack
/// (Foundation, FoundationNetworking, libcurl) is loaded only by the command that uses it.
package struct FetchOptions: ParsableArguments {
    package static let abstract = "Fetch remote images once: size, average color, BlurHash and an optional thumbnail."
    package static let discussion = """
        Prints per URL, in input order: {"url", "cache": "memory"|"disk"|"network"|"revalidated"|"stale", "width", \
        "height" (stored), "format", "average": "#RRGGBB", "blurhash", "thumbnail": path (with -o), "warnings": \
        [text] (only when the decoder met recoverable damage or the cache could not be written)} or {"url", "error"}; \
        exits 1 at the end if any URL failed. A URL listed several times is fetched once. With --cache-dir the \
        original bytes and their summary are kept as HTTP allows (no-store is not kept; a stale copy is revalidated, \
        "revalidated" after a 304, and served as "stale" when the server cannot be reached), so a second run needs \
        no network while the copy is fresh (a copy within its stale-while-revalidate time is served as "stale" \
        at once and revalidated before the command exits). --keep-forever keeps every copy, fresh until trimmed, \
        as the pipeline's keepForever disk-cache policy does.
        """

    @Option(name: .customLong("cache-dir"), help: "Keep the downloaded bytes (and size, average, BlurHash) in this directory.")
    package var cacheDirectory: String?

    @Option(help: "Longest side of the thumbnails written with -o.")
    package var maxPixelSize = 2000

    @Option(name: [.short, .customLong("output")], help: "Write a JPEG thumbnail of each image into this directory.")
    package var output: String?

    @Option(help: "Refuse responses larger than this many bytes.")
    package var maxResponseBytes = 64 << 20

    @Option(help: "Images fetched and prepared at once.")
    package var jobs = 4

    @Option(help: "Give up on a URL after this many seconds: connecting, headers and body together.")
    package var timeout: Double = 60

    @Option(help: "Give up on a URL when no byte arrives for this many seconds (at most --timeout).")
    package var idleTimeout: Double = 20

    @Flag(help: "Keep every downloaded copy until trimmed and never ask the server again, whatever its caching headers say.")
    package var keepForever = false

    @Flag(help: "Fail on an image the decoder found damaged (a truncated file…) instead of warning.")
    package var strict = false

    @Argument(help: "http, https or file URLs.")
    package var urls: [String]

    package init() {}
}
