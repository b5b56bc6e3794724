// Binary property lists that are small on disk and huge once their shared objects are written
// out (issue #39, point 1): `depth` nested arrays of `fanout` references each to the array below,
// the innermost array's references all to one leaf object.

public enum AdversarialPlists {
    /// A `bplist00` file of one leaf object (its bytes as written in the file, marker included)
    /// under `depth` nested arrays of `fanout` references each: `fanout^depth` leaves once expanded.
    public static func sharedObjects(leaf: [UInt8], fanout: Int, depth: Int) -> [UInt8] {
        precondition(fanout < 15 && depth < 255)
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.append(out.count)
        out += leaf
        for level in 0..<depth {
            offsets.append(out.count)
            out.append(0xA0 | UInt8(fanout))
            out += [UInt8](repeating: UInt8(level), count: fanout)
        }
        let table = out.count
        let offsetSize = table <= 0xFF ? 1 : table <= 0xFFFF ? 2 : 4
        for o in offsets { out += bigEndian(UInt64(o), offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), 1]
        out += bigEndian(UInt64(offsets.count), 8) + bigEndian(UInt64(offsets.count - 1), 8) + bigEndian(UInt64(table), 8)
        return out
    }

    /// The leaf of a `<data>` of `count` bytes (at most 65,535).
    public static func dataLeaf(count: Int) -> [UInt8] {
        [0x4F, 0x11] + bigEndian(UInt64(count), 2) + (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    }

    /// The leaf of an ASCII string of `count` (< 15) letters.
    public static func stringLeaf(count: Int) -> [UInt8] {
        [0x50 | UInt8(count)] + (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    }

    /// Issue #39's 60 KB file: six nested arrays of 10 references to one 60,000-byte `<data>`,
    /// 10⁶ values (under the 2²⁴ value limit) that are about 80 GB as XML.
    public static var sixtyKilobytes: [UInt8] { sharedObjects(leaf: dataLeaf(count: 60_000), fanout: 10, depth: 6) }

    /// A file of about 140 bytes: seven nested arrays of 10 references to one 14-letter string,
    /// 10⁷ values (under the 2²⁴ value limit), about 400 MB as XML.
    public static var tinyStrings: [UInt8] { sharedObjects(leaf: stringLeaf(count: 14), fanout: 10, depth: 7) }

    static func bigEndian(_ v: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }
}
