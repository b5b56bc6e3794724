// A common shape for our decoded values and Foundation's property lists, so they can be compared.
import Foundation
import PlistSyntax

/// A plist value with dictionaries as maps (last duplicate key wins, as in Foundation).
indirect enum NormalizedValue: Equatable, CustomStringConvertible {
    case string(String)
    case integer(negative: Bool, magnitude: UInt64)
    case real(Double)
    case bool(Bool)
    case date(secondsSince1970: Double)
    case data([UInt8])
    case array([NormalizedValue])
    case dictionary([String: NormalizedValue])

    init(_ value: PlistValue) {
        switch value {
        case .string(let s): self = .string(s)
        case .integer(let i): self = .integer(negative: i.isNegative, magnitude: i.magnitude)
        case .real(let r): self = .real(r)
        case .bool(let b): self = .bool(b)
        case .date(let d): self = .date(secondsSince1970: Double(d.secondsSince1970))
        case .data(let d): self = .data(d)
        case .array(let items): self = .array(items.map(NormalizedValue.init))
        case .dictionary(let entries):
            var map: [String: NormalizedValue] = [:]
            for entry in entries { map[entry.key] = NormalizedValue(entry.value) }
            self = .dictionary(map)
        }
    }

    /// Foundation's `Any` from `PropertyListSerialization`; nil for a type a plist cannot hold.
    init?(foundation any: Any) {
        switch any {
        case let string as String: self = .string(string)
        case let date as Date: self = .date(secondsSince1970: date.timeIntervalSince1970)
        case let data as Data: self = .data([UInt8](data))
        case let array as [Any]:
            var items: [NormalizedValue] = []
            for item in array {
                guard let normalized = NormalizedValue(foundation: item) else { return nil }
                items.append(normalized)
            }
            self = .array(items)
        case let dictionary as [String: Any]:
            var map: [String: NormalizedValue] = [:]
            for (key, item) in dictionary {
                guard let normalized = NormalizedValue(foundation: item) else { return nil }
                map[key] = normalized
            }
            self = .dictionary(map)
        default:
            // A dictionary whose only key is CF$UID comes back as a keyed-archiver UID object
            // (an internal class); read it back as the dictionary it was written as.
            if String(describing: type(of: any)) == "_NSKeyedArchiverUID",
                let uid = Mirror(reflecting: any).children.first(where: { $0.label == "value" })?.value as? UInt32
            {
                self = .dictionary(["CF$UID": .integer(negative: false, magnitude: UInt64(uid))])
                return
            }
            // Booleans come back as Swift `Bool` (objCType "c"); checked by type, because `as? Bool`
            // also succeeds for the NSNumbers 0 and 1.
            if type(of: any) == Bool.self, let bool = any as? Bool {
                self = .bool(bool)
                return
            }
            guard let number = any as? NSNumber else { return nil }
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            case "d", "f": self = .real(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                self = .integer(negative: false, magnitude: number.uint64Value)
            default:
                let value = number.int64Value
                self = .integer(negative: value < 0, magnitude: value.magnitude)
            }
        }
    }

    static func == (lhs: NormalizedValue, rhs: NormalizedValue) -> Bool {
        difference(lhs, rhs) == nil
    }

    /// Where and how two values first differ (nil when equal); NaN equals NaN.
    static func difference(_ lhs: NormalizedValue, _ rhs: NormalizedValue, path: String = "root") -> String? {
        switch (lhs, rhs) {
        case (.real(let a), .real(let b)):
            return a == b || (a.isNaN && b.isNaN) ? nil : "\(path): \(lhs) vs \(rhs)"
        case (.array(let a), .array(let b)):
            if a.count != b.count { return "\(path): array of \(a.count) vs \(b.count) items" }
            for index in a.indices {
                if let found = difference(a[index], b[index], path: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.dictionary(let a), .dictionary(let b)):
            let keysA = Set(a.keys), keysB = Set(b.keys)
            if keysA != keysB {
                return
                    "\(path): keys only in ours \(keysA.subtracting(keysB).sorted()), only in Foundation \(keysB.subtracting(keysA).sorted())"
            }
            for key in a.keys.sorted() {
                if let found = difference(a[key]!, b[key]!, path: "\(path).\(key)") { return found }
            }
            return nil
        case (.string(let a), .string(let b)) where a == b: return nil
        case (.integer(let n1, let m1), .integer(let n2, let m2)) where n1 == n2 && m1 == m2: return nil
        case (.bool(let a), .bool(let b)) where a == b: return nil
        case (.date(let a), .date(let b)) where a == b: return nil
        case (.data(let a), .data(let b)) where a == b: return nil
        default: return "\(path): \(lhs) vs \(rhs)"
        }
    }

    var description: String {
        switch self {
        case .string(let s): return "string(\(s.debugDescription.prefix(80)))"
        case .integer(let negative, let magnitude): return "integer(\(negative ? "-" : "")\(magnitude))"
        case .real(let r): return "real(\(r))"
        case .bool(let b): return "bool(\(b))"
        case .date(let s): return "date(\(s))"
        case .data(let d): return "data(\(d.count) bytes)"
        case .array(let a): return "array(\(a.count))"
        case .dictionary(let d): return "dict(\(d.count))"
        }
    }
}
