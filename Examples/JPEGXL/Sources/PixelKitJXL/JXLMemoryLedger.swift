import CJXL

/// libjxl's allocations, counted and capped: the `JxlMemoryManager` handed to `JxlDecoderCreate`
/// allocates through this ledger, which refuses any allocation that would take the bytes libjxl
/// holds past ``limit``. libjxl then fails the decode cleanly (`JXL_DEC_ERROR`), and the decoder
/// reports ``refusedBytes`` as a memory limit rather than a malformed file.
///
/// Only one thread allocates: the decoder runs without a parallel runner, on the calling thread.
final class JXLMemoryLedger {
    /// Most bytes libjxl may hold at once.
    var limit: Int
    /// Bytes libjxl holds now.
    private(set) var heldBytes = 0
    /// What libjxl would have held had the first refused allocation been made, or nil.
    private(set) var refusedBytes: Int?

    /// A ledger allowing `limit` bytes.
    init(limit: Int) { self.limit = limit }

    /// Room kept before each block for its size, and the blocks' alignment (libjxl aligns its
    /// large buffers itself; 64 bytes keeps every block cache-line aligned like `malloc` would not).
    private static let headerBytes = 64

    /// The manager to pass to `JxlDecoderCreate`; valid while this ledger lives.
    func manager() -> JxlMemoryManager {
        JxlMemoryManager(
            opaque: Unmanaged.passUnretained(self).toOpaque(),
            alloc: { opaque, size in
                guard let opaque else { return nil }
                return Unmanaged<JXLMemoryLedger>.fromOpaque(opaque).takeUnretainedValue().allocate(size)
            },
            free: { opaque, address in
                guard let opaque, let address else { return }
                Unmanaged<JXLMemoryLedger>.fromOpaque(opaque).takeUnretainedValue().deallocate(address)
            })
    }

    private func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let (total, overflow) = size.addingReportingOverflow(Self.headerBytes)
        guard !overflow, size <= limit - heldBytes else {
            if refusedBytes == nil { refusedBytes = heldBytes.addingReportingOverflow(size).overflow ? .max : heldBytes + size }
            return nil
        }
        let block = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: Self.headerBytes)
        block.storeBytes(of: size, as: Int.self)
        heldBytes += size
        return block + Self.headerBytes
    }

    private func deallocate(_ address: UnsafeMutableRawPointer) {
        let block = address - Self.headerBytes
        heldBytes -= block.load(as: Int.self)
        block.deallocate()
    }
}
