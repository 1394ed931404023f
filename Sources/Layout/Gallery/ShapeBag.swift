/// The bag randomiser: a few copies of each shape, shuffled, dealt one by one, refilled and reshuffled when empty.
///
/// Dealing from a bag instead of drawing independently keeps local variety (no long runs of one shape) while
/// preserving long-run proportions.
struct ShapeBag {
    /// How many copies of each shape one refill holds ("a couple of each").
    static let copiesPerShape = 2
    /// The bag's contents before each shuffle, in a fixed order so the shuffle alone decides the deal.
    static let refillOrder: [GalleryTileShape] = Array(
        repeating: [.large, .vertical, .horizontal, .small], count: copiesPerShape
    ).flatMap { $0 }

    private var generator: SplitMix64
    private var contents: [GalleryTileShape] = []
    private var nextPosition = 0

    init(generator: SplitMix64) {
        self.generator = generator
    }

    /// Deals shapes until one at most `availableColumns` wide comes out; wider ones are discarded.
    ///
    /// Every refill holds one-column shapes, so this ends within one refill when `availableColumns ≥ 1`.
    mutating func deal(fittingColumns availableColumns: Int) -> GalleryTileShape {
        while true {
            if nextPosition == contents.count { refill() }
            let shape = contents[nextPosition]
            nextPosition += 1
            if shape.columnSpan <= availableColumns { return shape }
        }
    }

    private mutating func refill() {
        contents = Self.refillOrder
        generator.shuffle(&contents)
        nextPosition = 0
    }
}
