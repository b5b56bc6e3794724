// Apple's binary property list, `bplist00` (CFBinaryPList.c): a header, the objects, a table of
// their offsets and a 32-byte trailer. Every number the file gives is checked before it is used:
// the reader returns a value or a `PropertyListFormatError`, never traps, and allocates no more
// than the file's size justifies.

import PlistSyntax

/// Reads `bplist00` files.
public struct BinaryPlistReader {
    /// How many values, counted as a tree (an object referenced twice counts twice), one file may
    /// expand to: objects shared in a chain of containers would otherwise double at every level.
    public static let maximumExpandedValues = 1 << 24
    /// Containers nested deeper than the XML typed view reads (`PlistDocument.maximumDepth`).
    public static let maximumDepth = 512

    /// Whether `bytes` start as a binary property list does.
    public static func isBinaryPropertyList(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: "bplist".utf8)
    }

    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTable: Int
    /// Where the objects end: the start of the offset table.
    var objectsEnd: Int { offsetTable }

    /// The values read, by object (`read`); empty when only checking.
    var cache: [PropertyListObject?] = []
    /// The objects checked, by object: 0 not yet, else 0x100 | its marker (only checking, when
    /// `cache` is empty: a value per object would be made and copied only to be dropped).
    var checked: [UInt16] = []
    var expandedSize: [Int]
    /// At least how many bytes each object is written as in XML (at level 0, and a tab per line
    /// of a container's children): a lower bound, so that a file refused by it would surely
    /// exceed `maximumXMLSize` (issue #39, point 1).
    var expandedBytes: [Int]
    let maximumXMLSize: Int
    var visiting: [Bool]
    /// Whether values are made (`read`), or only checked (`writeXML`, which writes the XML from
    /// the file's bytes): then strings are `""`, data empty, containers empty, and no memory
    /// is spent on a value that the XML is written from anyway.
    var buildsValues = true
    var extents: [(start: Int, end: Int)] = []

    /// The value of a `bplist00` file, refused when its XML form would be larger than
    /// `maximumXMLSize` bytes (its shared objects written out each time they are referenced) or
    /// when it holds a date that is no date (not a number, or outside the years 0000 to 9999).
    public static func read(
        _ bytes: [UInt8], maximumXMLSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> PropertyListObject {
        var reader = try BinaryPlistReader(bytes, maximumXMLSize: maximumXMLSize)
        return try reader.readAll()
    }

    init(_ bytes: [UInt8], maximumXMLSize: Int = PropertyListFormat.maximumOutputSize) throws(PropertyListFormatError) {
        self.bytes = bytes
        self.maximumXMLSize = maximumXMLSize
        guard bytes.starts(with: "bplist".utf8) else { throw PropertyListFormatError("not a binary property list (no bplist header)") }
        guard bytes.count >= 8, bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
            let version = String(decoding: bytes.prefix(8).dropFirst(6), as: UTF8.self)
            throw PropertyListFormatError("binary property list version \"\(version)\" is not supported (only bplist00)")
        }
        guard bytes.count >= 8 + 1 + 32 else {
            throw PropertyListFormatError(
                "truncated binary property list: \(bytes.count) bytes, less than a header, one object and a trailer")
        }
        let t = bytes.count - 32
        offsetSize = Int(bytes[t + 6])
        referenceSize = Int(bytes[t + 7])
        func be64(_ at: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) } }
        let count = be64(t + 8), top = be64(t + 16), table = be64(t + 24)
        guard (1...8).contains(offsetSize) else {
            throw PropertyListFormatError("corrupt trailer: offset size \(offsetSize) (1 to 8 bytes)")
        }
        guard (1...8).contains(referenceSize) else {
            throw PropertyListFormatError("corrupt trailer: object reference size \(referenceSize) (1 to 8 bytes)")
        }
        // Each object takes at least one byte between the header and the offset table.
        guard count >= 1, count <= UInt64(t - 8) else {
            throw PropertyListFormatError("corrupt trailer: \(count) objects in a file of \(bytes.count) bytes")
        }
        guard top < count else { throw PropertyListFormatError("corrupt trailer: top object \(top) of \(count) objects") }
        guard table >= 9, table <= UInt64(t), UInt64(t) - table >= count * UInt64(offsetSize) else {
            throw PropertyListFormatError(
                "corrupt trailer: the offset table (at \(table), \(count) × \(offsetSize) bytes) is not between the objects and the trailer"
            )
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTable = Int(table)
        if referenceSize < 8 && UInt64(objectCount) > (UInt64(1) << (8 * UInt64(referenceSize))) {
            throw PropertyListFormatError("corrupt trailer: \(objectCount) objects cannot be named by \(referenceSize)-byte references")
        }
        expandedSize = Array(repeating: 0, count: objectCount)
        expandedBytes = Array(repeating: 0, count: objectCount)
        visiting = Array(repeating: false, count: objectCount)
    }

    mutating func readAll() throws(PropertyListFormatError) -> PropertyListObject {
        if buildsValues { cache = Array(repeating: nil, count: objectCount) } else { checked = Array(repeating: 0, count: objectCount) }
        var path = KeyPathSteps()
        let value = try object(topObject, depth: 0, path: &path)
        // Objects may be shared, never overlap: each byte of the object area belongs to at most one.
        extents.sort { $0.start < $1.start }
        for i in extents.indices.dropFirst() where extents[i].start < extents[i - 1].end {
            throw PropertyListFormatError(
                "corrupt binary property list: objects at offsets \(extents[i - 1].start) and \(extents[i].start) overlap")
        }
        return value
    }

    func uint(at position: Int, size: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<size { v = v << 8 | UInt64(bytes[position + k]) }
        return v
    }

    func offset(of index: Int) throws(PropertyListFormatError) -> Int {
        let v = uint(at: offsetTable + index * offsetSize, size: offsetSize)
        guard v >= 8, v < UInt64(objectsEnd) else {
            throw PropertyListFormatError(
                "corrupt binary property list: object \(index) at offset \(v), outside the objects (8..<\(objectsEnd))")
        }
        return Int(v)
    }

    /// The count of a container, string or data whose marker is at `position`, and where its content starts.
    func count(marker position: Int, path: KeyPathSteps) throws(PropertyListFormatError) -> (count: Int, start: Int) {
        let low = Int(bytes[position] & 0x0F)
        if low != 0x0F { return (low, position + 1) }
        let p = position + 1
        guard p < objectsEnd, bytes[p] & 0xF0 == 0x10 else {
            throw PropertyListFormatError(
                "corrupt binary property list: object at offset \(position) has a malformed length", path: names(path))
        }
        let size = 1 << Int(bytes[p] & 0x0F)
        guard size <= 8, p + 1 + size <= objectsEnd else {
            throw PropertyListFormatError(
                "corrupt binary property list: object at offset \(position) has a malformed length", path: names(path))
        }
        let v = uint(at: p + 1, size: size)
        guard v <= UInt64(objectsEnd) else {
            throw PropertyListFormatError(
                "corrupt binary property list: a length of \(v) in a file of \(bytes.count) bytes", path: names(path))
        }
        return (Int(v), p + 1 + size)
    }

    /// Checks that `length` bytes from `start` lie in the object area and records the object's extent.
    mutating func claim(_ position: Int, _ start: Int, _ length: Int, path: KeyPathSteps) throws(PropertyListFormatError) {
        guard length >= 0, start <= objectsEnd, length <= objectsEnd - start else {
            throw PropertyListFormatError(
                "corrupt binary property list: object at offset \(position) runs past the object area", path: names(path))
        }
        extents.append((position, start + length))
    }

    mutating func object(_ index: Int, depth: Int, path: inout KeyPathSteps) throws(PropertyListFormatError) -> PropertyListObject {
        if buildsValues {
            if let known = cache[index] { return known }
        } else if checked[index] != 0 {
            return Self.placeholder(marker: UInt8(truncatingIfNeeded: checked[index]))
        }
        guard !visiting[index] else {
            throw PropertyListFormatError("corrupt binary property list: object \(index) contains itself (a cycle)", path: names(path))
        }
        guard depth < Self.maximumDepth else {
            throw PropertyListFormatError("containers nested more than \(Self.maximumDepth) deep", path: names(path))
        }
        let position = try offset(of: index)
        let marker = bytes[position]
        let value: PropertyListObject
        var size = 1
        var xmlBytes = 21  // `<integer>0</integer>` and a newline, the least of a scalar but a Boolean
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: value = .null; xmlBytes = 0
            case 0x08: value = .bool(false); xmlBytes = 9
            case 0x09: value = .bool(true); xmlBytes = 8
            default: throw PropertyListFormatError("unsupported object (marker 0x\(hex(marker))) at offset \(position)", path: names(path))
            }
            try claim(position, position + 1, 0, path: path)
        case 0x1:
            let width = 1 << Int(marker & 0x0F)
            guard width <= 16 else {
                throw PropertyListFormatError("integer of \(width) bytes at offset \(position) (at most 16)", path: names(path))
            }
            try claim(position, position + 1, width, path: path)
            value = .integer(try integer(at: position + 1, width: width, path: path))
        case 0x2:
            switch marker & 0x0F {
            case 2:
                try claim(position, position + 1, 4, path: path)
                value = .real(Double(Float(bitPattern: UInt32(uint(at: position + 1, size: 4)))))
            case 3:
                try claim(position, position + 1, 8, path: path)
                value = .real(Double(bitPattern: uint(at: position + 1, size: 8)))
            default:
                throw PropertyListFormatError(
                    "real of an unsupported size (marker 0x\(hex(marker))) at offset \(position)", path: names(path))
            }
        case 0x3:
            guard marker == 0x33 else {
                throw PropertyListFormatError(
                    "date of an unsupported size (marker 0x\(hex(marker))) at offset \(position)", path: names(path))
            }
            try claim(position, position + 1, 8, path: path)
            let since2001 = Double(bitPattern: uint(at: position + 1, size: 8))
            // Core Foundation reads any double; plistlib refuses what is no date (CPython's vectors
            // "invalid datetime", "too large datetime"), and XML could not write it (issue #39, point 3).
            guard since2001.isFinite else {
                throw PropertyListFormatError("date at offset \(position) is not a number (\(since2001))", path: names(path))
            }
            guard PropertyListDates.xmlSeconds(since2001) != nil else {
                throw PropertyListFormatError(
                    "date at offset \(position), \(since2001) seconds from 2001-01-01, is outside the years 0000 to 9999", path: names(path)
                )
            }
            value = .date(since2001)
            xmlBytes = 34
        case 0x4:
            let (n, start) = try count(marker: position, path: path)
            try claim(position, start, n, path: path)
            value = buildsValues ? .data(Array(bytes[start..<(start + n)])) : .data([])
            xmlBytes = 15 + (n + 2) / 3 * 4
        case 0x5:
            let (n, start) = try count(marker: position, path: path)
            try claim(position, start, n, path: path)
            let text = bytes[start..<(start + n)]
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw PropertyListFormatError("ASCII string at offset \(position) holds a byte above 0x7F", path: names(path))
            }
            value = buildsValues ? .string(String(decoding: text, as: UTF8.self)) : .string("")
            xmlBytes = 18 + n
        case 0x6:
            let (n, start) = try count(marker: position, path: path)
            guard n <= (objectsEnd - start) / 2 else {
                throw PropertyListFormatError(
                    "corrupt binary property list: object at offset \(position) runs past the object area", path: names(path))
            }
            try claim(position, start, 2 * n, path: path)
            var units: [UInt16] = []
            if buildsValues { units.reserveCapacity(n) }
            var pendingHigh = false
            for k in 0..<n {
                let u = UInt16(bytes[start + 2 * k]) << 8 | UInt16(bytes[start + 2 * k + 1])
                let isHigh = u & 0xFC00 == 0xD800, isLow = u & 0xFC00 == 0xDC00
                guard pendingHigh == isLow else {
                    throw PropertyListFormatError(
                        "UTF-16 string at offset \(position) holds an unpaired surrogate (no XML or UTF-8 form)", path: names(path))
                }
                pendingHigh = isHigh
                if buildsValues { units.append(u) }
            }
            guard !pendingHigh else {
                throw PropertyListFormatError(
                    "UTF-16 string at offset \(position) holds an unpaired surrogate (no XML or UTF-8 form)", path: names(path))
            }
            value = buildsValues ? .string(String(decoding: units, as: UTF16.self)) : .string("")
            xmlBytes = 18 + n
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            try claim(position, position + 1, width, path: path)
            guard width <= 8 || bytes[(position + 1)..<(position + 1 + width - 8)].allSatisfy({ $0 == 0 }) else {
                throw PropertyListFormatError("UID at offset \(position) is beyond 64 bits", path: names(path))
            }
            value = .uid(uint(at: position + 1 + max(0, width - 8), size: min(width, 8)))
            xmlBytes = 50
        case 0xA, 0xC, 0xD:
            let isDictionary = marker >> 4 == 0xD
            let (n, start) = try count(marker: position, path: path)
            let references = isDictionary ? 2 : 1
            guard n <= (objectsEnd - start) / (referenceSize * references) else {
                throw PropertyListFormatError(
                    "corrupt binary property list: a container of \(n) objects at offset \(position) runs past the object area",
                    path: names(path))
            }
            try claim(position, start, n * referenceSize * references, path: path)
            visiting[index] = true
            var total = 1
            var totalBytes = 17  // `<array>`, `</array>`, their newlines
            func add(_ bytes: Int) throws(PropertyListFormatError) {
                totalBytes += bytes
                guard totalBytes <= maximumXMLSize else {
                    throw PropertyListFormatError(
                        "the objects this binary plist shares expand to more than \(PropertyListFormat.sizeText(maximumXMLSize)) of XML (the most read or written for one file)",
                        path: names(path))
                }
            }
            func child(_ k: Int) throws(PropertyListFormatError) -> Int {
                let r = uint(at: start + k * referenceSize, size: referenceSize)
                guard r < UInt64(objectCount) else {
                    throw PropertyListFormatError(
                        "corrupt binary property list: reference to object \(r) of \(objectCount)", path: names(path))
                }
                return Int(r)
            }
            if isDictionary {
                var entries: [PropertyListObject.Entry] = []
                if buildsValues { entries.reserveCapacity(n) }
                for k in 0..<n {
                    let keyIndex = try child(k)
                    let key = try object(keyIndex, depth: depth + 1, path: &path)
                    guard case .string(let name) = key else {
                        throw PropertyListFormatError("dictionary key is a \(key.kindName), not a string", path: names(path))
                    }
                    let valueIndex = try child(n + k)
                    if buildsValues { path.push(key: name) } else { path.push(keyObject: keyIndex) }
                    let item = try object(valueIndex, depth: depth + 1, path: &path)
                    path.pop()
                    total += 1 + expandedSize[valueIndex]
                    // A tab, `<key>`, the name, `</key>`, a newline; a tab, the value.
                    try add(expandedBytes[keyIndex] - 6 + 2 + expandedBytes[valueIndex])
                    if buildsValues { entries.append(.init(name, item)) }
                }
                value = .dictionary(entries)
            } else {
                var items: [PropertyListObject] = []
                if buildsValues { items.reserveCapacity(n) }
                for k in 0..<n {
                    let itemIndex = try child(k)
                    path.push(index: k)
                    let item = try object(itemIndex, depth: depth + 1, path: &path)
                    if buildsValues { items.append(item) }
                    path.pop()
                    total += expandedSize[itemIndex]
                    try add(1 + expandedBytes[itemIndex])
                }
                value = marker >> 4 == 0xA ? .array(items) : .set(items)
            }
            visiting[index] = false
            guard total <= Self.maximumExpandedValues else {
                throw PropertyListFormatError(
                    "the objects shared in this file expand to more than \(Self.maximumExpandedValues) values", path: names(path))
            }
            size = total
            xmlBytes = totalBytes
        default:
            throw PropertyListFormatError("unsupported object (marker 0x\(hex(marker))) at offset \(position)", path: names(path))
        }
        if buildsValues { cache[index] = value } else { checked[index] = 0x100 | UInt16(marker) }
        expandedSize[index] = size
        expandedBytes[index] = xmlBytes
        return value
    }

    /// The value `object` gives when only checking, for an object of `marker` checked before: of
    /// its kind (a dictionary's key must be a string), with nothing in it.
    static func placeholder(marker: UInt8) -> PropertyListObject {
        switch marker >> 4 {
        case 0x0: return marker == 0x00 ? .null : .bool(marker == 0x09)
        case 0x1: return .integer(PlistInteger(isNegative: false, magnitude: 0))
        case 0x2: return .real(0)
        case 0x3: return .date(0)
        case 0x4: return .data([])
        case 0x5, 0x6: return .string("")
        case 0x8: return .uid(0)
        case 0xA: return .array([])
        case 0xC: return .set([])
        default: return .dictionary([])
        }
    }

    func integer(at start: Int, width: Int, path: KeyPathSteps) throws(PropertyListFormatError) -> PlistInteger {
        switch width {
        case 1, 2, 4: return PlistInteger(isNegative: false, magnitude: uint(at: start, size: width))
        case 8:
            let v = Int64(bitPattern: uint(at: start, size: 8))
            return PlistInteger(isNegative: v < 0, magnitude: v.magnitude)
        default:  // 16: a signed 128-bit number, of which plists hold −2⁶³ … 2⁶⁴−1
            let high = uint(at: start, size: 8), low = uint(at: start + 8, size: 8)
            if high == 0 { return PlistInteger(isNegative: false, magnitude: low) }
            if high == UInt64.max, Int64(bitPattern: low) < 0 {
                return PlistInteger(isNegative: true, magnitude: Int64(bitPattern: low).magnitude)
            }
            throw PropertyListFormatError("128-bit integer beyond −2⁶³ … 2⁶⁴−1", path: names(path))
        }
    }
}

extension BinaryPlistReader {
    /// The key path as errors name it, keys pushed as their objects read from the file.
    func names(_ path: KeyPathSteps) -> [String] { path.components { keyText($0) } }

    /// The text of string object `index` (already read once: it is valid).
    func keyText(_ index: Int) -> String {
        guard let position = try? offset(of: index), let c = try? count(marker: position, path: KeyPathSteps()) else { return "?" }
        let n = c.count, start = c.start
        switch bytes[position] >> 4 {
        case 0x5: return String(decoding: bytes[start..<(start + n)], as: UTF8.self)
        case 0x6:
            return String(decoding: (0..<n).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }, as: UTF16.self)
        default: return "?"
        }
    }
}

func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 0x0F)]], as: UTF8.self)
}
