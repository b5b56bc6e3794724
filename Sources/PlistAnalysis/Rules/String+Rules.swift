// Text helpers the rules share: trimming XML white space, ASCII digits.

extension String {
    /// Without leading and trailing XML white space.
    var trimmedForRules: String {
        // On UTF-8 bytes: XML white space is ASCII, and this runs for every value a rule reads.
        let u = utf8
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        guard let first = u.firstIndex(where: { !blank($0) }) else { return "" }
        let last = u.lastIndex(where: { !blank($0) })!
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(self[first...last])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Array where Element == String {
    /// "a", "a and b", "a, b and c": the items as a list in a sentence.
    var joinedAsList: String { joinedAsList(conjunction: "and") }

    /// "a", "a or b", "a, b or c" with `conjunction` "or".
    func joinedAsList(conjunction: String) -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
