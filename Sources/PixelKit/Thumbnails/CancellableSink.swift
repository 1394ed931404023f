/// Forwards rows to another sink and tells the decoder to stop as soon as the current task is
/// cancelled, so a cancelled batch item stops within one row instead of finishing its decode.
struct CancellableSink<Base: RowSink>: RowSink {
    var base: Base

    mutating func begin(size: PixelSize) { base.begin(size: size) }
    mutating func consume(_ row: PixelRow) { base.consume(row) }
    var isSatisfied: Bool { Task.isCancelled || base.isSatisfied }
}
