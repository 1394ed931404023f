/// Lookup tables between 8-bit samples and the floating-point values a resize mixes.
enum ResamplingTables {
    /// Entries of the linear → sRGB table: 14 bits, fine enough that every 8-bit value survives a
    /// round trip (the steepest part of the sRGB curve, slope 12.92, moves < 0.1 of a step).
    static let encodeSteps = 16_383

    /// sRGB 8-bit → linear light 0…1, once per channel (red, green, blue: 768 entries), the layout of a
    /// source's own curves (`FoldedColorConversion.linearization`), so the resampler indexes one table.
    static let linearFromSRGB: [Float] = perChannel { Float(SRGBTransfer.linear(fromEncoded: Double($0) / 255)) }

    /// 8-bit → 0…1 unchanged (gamma space), once per channel like `linearFromSRGB`.
    static let unitFromByte: [Float] = perChannel { Float($0) / 255 }

    private static func perChannel(_ value: (Int) -> Float) -> [Float] {
        let channel = (0..<256).map(value)
        return channel + channel + channel
    }

    /// Linear light `i / encodeSteps` → rounded sRGB 8-bit.
    static let sRGBFromLinear: [UInt8] = (0...encodeSteps).map {
        UInt8((SRGBTransfer.encoded(fromLinear: Double($0) / Double(encodeSteps)) * 255).rounded())
    }
}
