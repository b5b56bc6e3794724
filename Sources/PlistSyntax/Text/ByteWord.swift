// Eight bytes read as one word, tested at once: how the scanners skip runs of ordinary bytes
// (the parser's text content, the line index's lines) eight at a time.

/// The high bit of every byte of `x` that is zero, and possibly of bytes above such a one (a
/// borrow only ever flags bytes above a true zero): nonzero exactly when some byte is zero.
@inline(__always)
func zeroByteBits(_ x: UInt64) -> UInt64 {
    (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
}

/// Nonzero exactly when some byte of `w` equals `byte`.
@inline(__always)
func byteBits(_ w: UInt64, equalTo byte: UInt8) -> UInt64 {
    zeroByteBits(w ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
}

/// The high bit of every byte of `w` at or above 0x80 (not ASCII).
@inline(__always)
func nonASCIIBits(_ w: UInt64) -> UInt64 { w & 0x8080_8080_8080_8080 }
