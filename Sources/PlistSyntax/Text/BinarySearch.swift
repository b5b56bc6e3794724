// The two binary searches the syntax layer's sorted tables need (line starts, wide characters,
// chunk offsets, child offsets, `#if` segments), each written once. Keys are read through a
// closure so that tables of any integer width (UInt32 offsets, Int starts, a field of a struct)
// share them; both inline.

/// The first index in `range` whose key is at least `value` (`range.upperBound` when none is), for
/// keys ascending over the range.
@inline(__always)
func firstIndex(notBelow value: Int, in range: Range<Int>, _ key: (Int) -> Int) -> Int {
    var lo = range.lowerBound, hi = range.upperBound
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if key(mid) < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// The last index below `count` whose key is at most `value`, for keys ascending from a first key
/// at or below every value asked for (0 otherwise).
@inline(__always)
func lastIndex(notAbove value: Int, count: Int, _ key: (Int) -> Int) -> Int {
    var lo = 0, hi = count - 1
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2
        if key(mid) <= value { lo = mid } else { hi = mid - 1 }
    }
    return lo
}
