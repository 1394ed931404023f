/// One result's sink during a shared decode, held by reference so that the fan-out can feed it
/// and the entry point finish it afterwards.
final class ResultSinkBox<Output: Sendable>: FedByRows {
    private var sink: any ResultSink<Output>

    init(_ sink: any ResultSink<Output>) {
        self.sink = sink
    }

    func begin(size: PixelSize) { sink.begin(size: size) }
    func consume(_ row: PixelRow) { sink.consume(row) }
    var isSatisfied: Bool { sink.isSatisfied }
    func finish(report: DecodeReport) throws(ImageError) -> Output { try sink.finish(report: report) }
}

/// What the fan-out needs of a boxed sink, whatever its result.
protocol FedByRows: AnyObject {
    func begin(size: PixelSize)
    func consume(_ row: PixelRow)
    var isSatisfied: Bool { get }
}

/// Hands every decoded row to each result's sink that still wants rows, and lets the decoder stop
/// once none does or the current task is cancelled (a strict decode still reads the whole file).
struct ResultFanOut: RowSink {
    let sinks: [any FedByRows]

    mutating func begin(size: PixelSize) {
        for sink in sinks { sink.begin(size: size) }
    }

    mutating func consume(_ row: PixelRow) {
        for sink in sinks where !sink.isSatisfied { sink.consume(row) }
    }

    var isSatisfied: Bool { Task.isCancelled || sinks.allSatisfy(\.isSatisfied) }
}
