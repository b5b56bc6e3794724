// Writes `bplist00` as Core Foundation does: scalars written once and shared (strings, numbers,
// dates, data, UIDs), containers each their own object, references and offsets as narrow as the
// file allows, the top object first. Strings are shared when their scalars are the same, never
// merely canonically equivalent (Swift's `String` equality): `é` and `e` + U+0301 stay two.
import PlistSyntax

public enum BinaryPlistWriter {
    private enum Scalar: Hashable {
        case string(ExactText), integer(Bool, UInt64), real(UInt64), bool(Bool), date(UInt64), data([UInt8]), uid(UInt64), null
    }

    /// An object to be written: a scalar, or a container of object indices.
    private enum Pending {
        case scalar(Scalar)
        case array([Int]), set([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// The bytes of `value` as a binary property list.
    public static func write(_ value: PropertyListObject) -> [UInt8] {
        var objects: [Pending] = []
        var unique: [Scalar: Int] = [:]

        func add(_ scalar: Scalar) -> Int {
            if let known = unique[scalar] { return known }
            objects.append(.scalar(scalar))
            unique[scalar] = objects.count - 1
            return objects.count - 1
        }
        // Reserve the container's index before its children so that the top object is object 0.
        func flatten(_ value: PropertyListObject) -> Int {
            switch value {
            case .string(let s): return add(.string(ExactText(s)))
            case .integer(let i): return add(.integer(i.isNegative, i.magnitude))
            case .real(let r): return add(.real(r.bitPattern))
            case .bool(let b): return add(.bool(b))
            case .date(let d): return add(.date(d.bitPattern))
            case .data(let d): return add(.data(d))
            case .uid(let u): return add(.uid(u))
            case .null: return add(.null)
            case .array(let items), .set(let items):
                let index = objects.count
                objects.append(.array([]))
                let children = items.map(flatten)
                if case .set = value { objects[index] = .set(children) } else { objects[index] = .array(children) }
                return index
            case .dictionary(let entries):
                let index = objects.count
                objects.append(.array([]))
                let keys = entries.map { add(.string(ExactText($0.key))) }
                let values = entries.map { flatten($0.value) }
                objects[index] = .dictionary(keys: keys, values: values)
                return index
            }
        }
        let top = flatten(value)

        let referenceSize = byteWidth(UInt64(objects.count - 1))
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)

        func appendUInt(_ v: UInt64, size: Int) {
            for k in stride(from: size - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) }
        }
        func appendInteger(negative: Bool, magnitude: UInt64) {
            if negative {
                out.append(0x13)
                appendUInt(UInt64(bitPattern: magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)), size: 8)
            } else if magnitude <= 0xFF {
                out.append(0x10); appendUInt(magnitude, size: 1)
            } else if magnitude <= 0xFFFF {
                out.append(0x11); appendUInt(magnitude, size: 2)
            } else if magnitude <= 0xFFFF_FFFF {
                out.append(0x12); appendUInt(magnitude, size: 4)
            } else if magnitude <= UInt64(Int64.max) {
                out.append(0x13); appendUInt(magnitude, size: 8)
            } else {  // 2⁶³ … 2⁶⁴−1: a 128-bit integer, its high half zero
                out.append(0x14); appendUInt(0, size: 8); appendUInt(magnitude, size: 8)
            }
        }
        func appendMarker(_ high: UInt8, count: Int) {
            if count < 15 {
                out.append(high | UInt8(count))
            } else {
                out.append(high | 0x0F)
                appendInteger(negative: false, magnitude: UInt64(count))
            }
        }
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(.null): out.append(0x00)
            case .scalar(.bool(let b)): out.append(b ? 0x09 : 0x08)
            case .scalar(.integer(let negative, let magnitude)): appendInteger(negative: negative, magnitude: magnitude)
            case .scalar(.real(let bits)): out.append(0x23); appendUInt(bits, size: 8)
            case .scalar(.date(let bits)): out.append(0x33); appendUInt(bits, size: 8)
            case .scalar(.data(let d)): appendMarker(0x40, count: d.count); out += d
            case .scalar(.string(let exact)):
                let s = exact.string
                if s.utf8.allSatisfy({ $0 < 0x80 }) {
                    appendMarker(0x50, count: s.utf8.count); out += s.utf8
                } else {
                    let units = Array(s.utf16)
                    appendMarker(0x60, count: units.count)
                    for u in units { out.append(UInt8(u >> 8)); out.append(UInt8(u & 0xFF)) }
                }
            case .scalar(.uid(let u)):
                let width = byteWidth(u)
                out.append(0x80 | UInt8(width - 1)); appendUInt(u, size: width)
            case .array(let children), .set(let children):
                if case .set = object { appendMarker(0xC0, count: children.count) } else { appendMarker(0xA0, count: children.count) }
                for c in children { appendUInt(UInt64(c), size: referenceSize) }
            case .dictionary(let keys, let values):
                appendMarker(0xD0, count: keys.count)
                for c in keys { appendUInt(UInt64(c), size: referenceSize) }
                for c in values { appendUInt(UInt64(c), size: referenceSize) }
            }
        }
        let tableOffset = out.count
        let offsetSize = byteWidth(UInt64(tableOffset))
        for o in offsets { appendUInt(UInt64(o), size: offsetSize) }
        out += [0, 0, 0, 0, 0, 0]  // unused, sort version
        out.append(UInt8(offsetSize))
        out.append(UInt8(referenceSize))
        appendUInt(UInt64(objects.count), size: 8)
        appendUInt(UInt64(top), size: 8)
        appendUInt(UInt64(tableOffset), size: 8)
        return out
    }

    /// 1, 2, 4 or 8: the bytes an unsigned number needs, as Core Foundation rounds them.
    static func byteWidth(_ v: UInt64) -> Int {
        v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : v <= 0xFFFF_FFFF ? 4 : 8
    }

}
