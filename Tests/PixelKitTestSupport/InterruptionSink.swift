import PixelKit

/// Records how far a decode got (whether it began delivering rows, and how many), and can cancel
/// the task it runs in when the first row arrives: a cancellation in the middle of a decode.
package struct InterruptionSink: RowSink {
    /// Cancel the current task on the first row.
    package var cancelsAtFirstRow = false
    package private(set) var began = false
    package private(set) var size = PixelSize(width: 0, height: 0)
    package private(set) var rows = 0

    package init(cancelsAtFirstRow: Bool = false) { self.cancelsAtFirstRow = cancelsAtFirstRow }

    package mutating func begin(size: PixelSize) {
        began = true
        self.size = size
    }

    package mutating func consume(_ row: PixelRow) {
        rows += 1
        if cancelsAtFirstRow && rows == 1 { withUnsafeCurrentTask { $0?.cancel() } }
    }
}
