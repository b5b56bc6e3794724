// Binary → XML without a value between them (issue #39, point 11): the file is read once to
// check it, as `BinaryPlistReader.read` reads it but making no values (every bound and refusal
// is the same: cycles, overlaps, depth, dates, the 256 MB expansion), then its XML is written
// straight from its objects' bytes: an ASCII string is copied from the file into the XML, no
// `String`, array or dictionary is made for it. The text is the same as
// `XMLPlistWriter.write(BinaryPlistReader.read(bytes))` (ConversionPathTests).
import PlistSyntax

extension BinaryPlistReader {
    /// The XML text of a `bplist00` file, refused as `read` refuses it, or as `XMLPlistWriter`
    /// refuses its value (null, sets, more than `maximumSize` bytes).
    static func xmlText(_ bytes: [UInt8], maximumSize: Int) throws(PropertyListFormatError) -> [UInt8] {
        var reader = try BinaryPlistReader(bytes, maximumXMLSize: maximumSize)
        reader.buildsValues = false
        _ = try reader.readAll()
        let expected = reader.expandedBytes[reader.topObject]
        // What only the check needed.
        reader.checked = []
        reader.expandedSize = []
        reader.expandedBytes = []
        reader.visiting = []
        reader.extents = []
        let named = reader
        var writer = XMLPlistWriter.Writer(maximumSize: maximumSize, capacity: min(maximumSize, expected + expected / 8) + 256)
        writer.naming = { named.keyText($0) }
        writer.append(XMLPlistWriter.header)
        var path = KeyPathSteps()
        try reader.writeXML(reader.topObject, level: 0, path: &path, into: &writer)
        writer.append("</plist>\n")
        try writer.checkSize(path)
        return writer.out.takeBytes()
    }

    /// Writes object `index` (checked by `readAll`) as XML, as `XMLPlistWriter` writes its value.
    func writeXML(_ index: Int, level: Int, path: inout KeyPathSteps, into w: inout XMLPlistWriter.Writer) throws(PropertyListFormatError) {
        w.makeRoom(2 * level + 128)
        let position = try offset(of: index)
        let marker = bytes[position]
        switch marker >> 4 {
        case 0x0:
            guard marker == 0x08 || marker == 0x09 else { throw PropertyListFormatError("a null value has no XML form", path: names(path)) }
            w.boolElement(marker == 0x09, level: level)
        case 0x1:
            w.integerElement(try integer(at: position + 1, width: 1 << Int(marker & 0x0F), path: path), level: level)
        case 0x2:
            let r =
                marker & 0x0F == 2
                ? Double(Float(bitPattern: UInt32(uint(at: position + 1, size: 4)))) : Double(bitPattern: uint(at: position + 1, size: 8))
            w.realElement(r, level: level)
        case 0x3:
            try w.dateElement(Double(bitPattern: uint(at: position + 1, size: 8)), level: level, path: path)
        case 0x4:
            let (n, start) = try count(marker: position, path: path)
            try w.checkData(n, path: path)
            bytes.withUnsafeBufferPointer { b in w.dataBody(UnsafeBufferPointer(rebasing: b[start..<(start + n)]), level: level) }
            try w.checkSize(path)
        case 0x5:
            let (n, start) = try count(marker: position, path: path)
            bytes.withUnsafeBufferPointer { b in w.asciiStringBody(UnsafeBufferPointer(rebasing: b[start..<(start + n)]), level: level) }
            try w.checkSize(path)
        case 0x6:
            let (n, start) = try count(marker: position, path: path)
            bytes.withUnsafeBufferPointer { b in w.utf16StringBody(UnsafeBufferPointer(rebasing: b[start..<(start + 2 * n)]), level: level)
            }
            try w.checkSize(path)
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            w.uidElement(uint(at: position + 1 + max(0, width - 8), size: min(width, 8)), level: level)
        case 0xA:
            let (n, start) = try count(marker: position, path: path)
            if n == 0 { w.emptyContainer(dictionary: false, level: level); return }
            w.openContainer(dictionary: false, level: level)
            for k in 0..<n {
                path.push(index: k)
                try writeXML(Int(uint(at: start + k * referenceSize, size: referenceSize)), level: level + 1, path: &path, into: &w)
                path.pop()
            }
            try w.closeContainer(dictionary: false, level: level, path: path)
        case 0xC:
            throw PropertyListFormatError("a set has no XML form", path: names(path))
        case 0xD:
            let (n, start) = try count(marker: position, path: path)
            if n == 0 { w.emptyContainer(dictionary: true, level: level); return }
            w.openContainer(dictionary: true, level: level)
            for k in 0..<n {
                let keyIndex = Int(uint(at: start + k * referenceSize, size: referenceSize))
                let valueIndex = Int(uint(at: start + (n + k) * referenceSize, size: referenceSize))
                let keyPosition = try offset(of: keyIndex)
                let (length, keyStart) = try count(marker: keyPosition, path: path)
                if bytes[keyPosition] >> 4 == 0x5 {
                    bytes.withUnsafeBufferPointer { b in
                        w.asciiKeyElement(UnsafeBufferPointer(rebasing: b[keyStart..<(keyStart + length)]), level: level + 1)
                    }
                } else {
                    bytes.withUnsafeBufferPointer { b in
                        w.utf16KeyElement(UnsafeBufferPointer(rebasing: b[keyStart..<(keyStart + 2 * length)]), level: level + 1)
                    }
                }
                path.push(keyObject: keyIndex)
                try writeXML(valueIndex, level: level + 1, path: &path, into: &w)
                path.pop()
            }
            try w.closeContainer(dictionary: true, level: level, path: path)
        default:
            throw PropertyListFormatError("unsupported object (marker 0x\(hex(marker))) at offset \(position)", path: names(path))
        }
    }
}
