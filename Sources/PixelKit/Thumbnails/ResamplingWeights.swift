/// The filter taps of a resize along one axis: for each output index, the first input index it
/// reads, how many it reads, and their normalised weights.
///
/// Each output pixel `i` is centred at input coordinate `(i + 0.5) × scale`; the kernel is
/// stretched by `scale` when reducing (so it low-passes) and taps falling outside the input are
/// dropped and the rest renormalised (edge pixels are not darkened).
struct ResamplingWeights {
    let inputCount: Int
    let outputCount: Int
    /// First input index read by each output index (non-decreasing).
    private(set) var starts: [Int]
    /// Number of input indices read by each output index (≥ 1).
    private(set) var counts: [Int]
    /// `stride` weights per output index; entries past `counts[i]` are zero.
    private(set) var weights: [Float]
    /// Largest `counts[i]`.
    let stride: Int
    /// The same taps as windows of exactly `stride` inputs (zero-padded, shifted to stay inside the
    /// input), so a filter loop can run a fixed number of taps for every output index.
    private(set) var windowStarts: [Int] = []
    private(set) var windowWeights: [Float] = []

    init(inputCount: Int, outputCount: Int, filter: ResamplingFilter) {
        precondition(inputCount > 0 && outputCount > 0, "resampling needs non-empty sizes")
        self.inputCount = inputCount
        self.outputCount = outputCount
        if inputCount == outputCount {
            // No resize on this axis: copy, whatever the kernel (Mitchell would otherwise blur).
            starts = Array(0..<inputCount)
            counts = Array(repeating: 1, count: inputCount)
            weights = Array(repeating: 1, count: inputCount)
            stride = 1
            windowStarts = starts
            windowWeights = weights
            return
        }
        let scale = Double(inputCount) / Double(outputCount)
        let filterScale = max(scale, 1)
        let support = filter.support * filterScale
        // A box kernel narrower than one input pixel would select nothing when enlarging.
        let reach = max(support, 0.5)
        var starts = [Int](repeating: 0, count: outputCount)
        var counts = [Int](repeating: 1, count: outputCount)
        var rows: [[Double]] = []
        rows.reserveCapacity(outputCount)
        for index in 0..<outputCount {
            let center = (Double(index) + 0.5) * scale
            var first = max(Int((center - reach + 0.5).rounded(.down)), 0)
            var end = min(Int((center + reach + 0.5).rounded(.down)), inputCount)
            if end <= first { (first, end) = (min(first, inputCount - 1), min(first, inputCount - 1) + 1) }
            var taps = (first..<end).map { filter.weight(at: (Double($0) + 0.5 - center) / filterScale) }
            // Taps at either end that are zero (up to rounding) cost time and change nothing.
            while taps.count > 1, let last = taps.last, abs(last) < 1e-9 { taps.removeLast() }
            while taps.count > 1, let head = taps.first, abs(head) < 1e-9 { taps.removeFirst(); first += 1 }
            let total = taps.reduce(0, +)
            if total != 0 {
                taps = taps.map { $0 / total }
            } else {
                // Possible only for a kernel that vanishes at every tap; fall back to the nearest pixel.
                first = min(max(Int(center), 0), inputCount - 1)
                taps = [1]
            }
            starts[index] = first
            counts[index] = taps.count
            rows.append(taps)
        }
        let stride = counts.max() ?? 1
        var weights = [Float](repeating: 0, count: stride * outputCount)
        for (index, taps) in rows.enumerated() {
            for (tap, weight) in taps.enumerated() { weights[index * stride + tap] = Float(weight) }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.stride = stride
        var windowStarts = [Int](repeating: 0, count: outputCount)
        var windowWeights = [Float](repeating: 0, count: stride * outputCount)
        for index in 0..<outputCount {
            let windowStart = min(starts[index], inputCount - stride)
            let shift = starts[index] - windowStart
            windowStarts[index] = windowStart
            for tap in 0..<counts[index] { windowWeights[index * stride + shift + tap] = weights[index * stride + tap] }
        }
        self.windowStarts = windowStarts
        self.windowWeights = windowWeights
    }

    /// Whether every output index reads exactly its own input index with weight 1.
    var isIdentity: Bool {
        inputCount == outputCount && counts.allSatisfy { $0 == 1 } && starts.enumerated().allSatisfy { $0.offset == $0.element }
    }

    /// The last input index output `index` reads.
    func lastInput(of index: Int) -> Int { starts[index] + counts[index] - 1 }
}
