/// What a codec's header keeps for the one decode that continues from it (a library's state
/// positioned after the header): the first ``take()`` gets it, any later one gets nil and reads the
/// header again. Not thread-safe: a header is used by one decode at a time.
package final class TakenOnce<Value> {
    private var value: Value?

    package init(_ value: Value) {
        self.value = value
    }

    /// The value, once.
    package func take() -> Value? {
        defer { value = nil }
        return value
    }
}
