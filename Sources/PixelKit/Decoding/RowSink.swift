/// Receives an image row by row, top to bottom, each row once, so that whole-image work runs in
/// memory proportional to the width.
public protocol RowSink {
    /// Called once before the first row with the size of the rows that follow (the decoded size,
    /// which a reduced decode makes smaller than the stored size).
    mutating func begin(size: PixelSize)
    /// Called once per row; the row's memory is only valid during the call.
    mutating func consume(_ row: PixelRow)
    /// When true the decoder may stop before the last row (e.g. a region average has all its rows).
    var isSatisfied: Bool { get }
}

extension RowSink {
    /// By default a sink takes every row.
    public var isSatisfied: Bool { false }
}
