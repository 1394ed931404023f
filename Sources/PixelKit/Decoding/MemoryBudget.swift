import PixelKitPlatform

/// Working memory shared by concurrent decodes: one budget for a whole batch instead of
/// ``DecodingLimits/maxMemoryBytes`` per decode, so that `N` images decoded at once cannot use `N`
/// times the limit.
///
/// Decoders reserve from it before their large allocations (an interlaced PNG's full frame,
/// libjpeg's coefficient buffers for a progressive JPEG) and release after the decode. A
/// reservation that does not fit beside the others waits for them; one that can never fit fails at
/// once with ``ImageError/limitExceeded(_:)`` (``LimitViolation/memory(bytes:limit:)``).
/// `Thumbnailer.forEachThumbnail` gives its batch one budget of ``DecodingLimits/maxMemoryBytes``
/// unless the limits already carry one. Budgets compare by identity.
public final class MemoryBudget: Sendable, Hashable {
    private let counter: ReservationCounter

    /// A budget of `limitBytes`.
    public init(limitBytes: Int) { counter = ReservationCounter(limit: limitBytes) }

    /// The most that may be reserved at once.
    public var limitBytes: Int { counter.limit }
    /// Bytes reserved now.
    public var reservedBytes: Int { counter.current }
    /// The most ever reserved at once: what the decodes sharing this budget needed together.
    public var peakReservedBytes: Int { counter.highWaterMark }

    /// Reserves `bytes`, waiting (blocking the thread) while other decodes hold too much. Release it
    /// with ``MemoryReservation/release()`` once the memory is freed.
    /// - Throws: ``ImageError/limitExceeded(_:)`` when `bytes` alone exceed ``limitBytes``.
    public func reserve(_ bytes: Int) throws(ImageError) -> MemoryReservation {
        guard counter.reserve(bytes) else { throw .limitExceeded(.memory(bytes: bytes, limit: limitBytes)) }
        return MemoryReservation(budget: self, bytes: max(0, bytes))
    }

    fileprivate func release(_ bytes: Int) { counter.release(bytes) }

    /// Whether both are the same budget (identity: two budgets with equal limits are still two pools).
    public static func == (lhs: MemoryBudget, rhs: MemoryBudget) -> Bool { lhs === rhs }
    /// Hashes the budget's identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Bytes held from a ``MemoryBudget``; given back by ``release()`` (once), or when it goes away.
public final class MemoryReservation: Sendable {
    private let budget: MemoryBudget?
    private let bytes: PThreadLocked<Int>

    fileprivate init(budget: MemoryBudget?, bytes: Int) {
        self.budget = budget
        self.bytes = PThreadLocked(bytes)
    }

    /// A reservation of nothing, for decodes without a budget.
    public static var none: MemoryReservation { MemoryReservation(budget: nil, bytes: 0) }

    /// Gives the bytes back to the budget; later calls do nothing.
    public func release() {
        let held = bytes.withLock { held in
            defer { held = 0 }
            return held
        }
        budget?.release(held)
    }

    deinit { release() }
}

extension DecodingLimits {
    /// Checks `bytes` against ``maxMemoryBytes`` and reserves them from ``memoryBudget`` (if any),
    /// waiting for room there. Codecs call this before a large allocation and release the
    /// reservation when the decode ends.
    /// - Throws: ``ImageError/limitExceeded(_:)`` with ``LimitViolation/memory(bytes:limit:)``.
    public func reserveMemory(_ bytes: Int) throws(ImageError) -> MemoryReservation {
        guard bytes <= maxMemoryBytes else { throw .limitExceeded(.memory(bytes: bytes, limit: maxMemoryBytes)) }
        guard let memoryBudget else { return .none }
        return try memoryBudget.reserve(bytes)
    }
}
