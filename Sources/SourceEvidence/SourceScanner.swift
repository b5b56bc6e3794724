// A fast, tolerant token scan of Swift, Objective-C, C and C++ source for the symbols of
// `PrivacySymbols`: comments, string and character literals and `#include`/`#import` lines are
// skipped (Swift string interpolations are code and are scanned), every identifier is hashed as it
// is read and looked up in a small open-addressing table, and the few that match are checked
// against the form their symbol must take. Pure: bytes in, hits with byte offsets and positions out.

/// Scans source text for the symbols of a table.
public struct SourceScanner: Sendable {
    public let symbols: [PrivacySymbol]
    private let table: [Int32]
    private let hashes: [UInt64]
    private let minimumLength: Int
    private let maximumLength: Int

    /// The scanner for `PrivacySymbols.all`.
    public static let shared = SourceScanner(symbols: PrivacySymbols.all)

    public init(symbols: [PrivacySymbol]) {
        self.symbols = symbols
        var size = 64
        while size < symbols.count * 4 { size *= 2 }
        var table = [Int32](repeating: -1, count: size)
        var hashes: [UInt64] = []
        for (index, symbol) in symbols.enumerated() {
            let hash = symbol.name.utf8.reduce(Self.seed) { Self.mix($0, $1) }
            hashes.append(hash)
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            table[slot] = Int32(index)
        }
        self.table = table
        self.hashes = hashes
        minimumLength = symbols.map(\.name.utf8.count).min() ?? 0
        maximumLength = symbols.map(\.name.utf8.count).max() ?? 0
    }

    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The uses of the table's symbols in `text`, in file order.
    public func scan(_ text: [UInt8], language: SourceLanguage) -> [SourceHit] {
        text.withUnsafeBufferPointer { scan($0, language: language) }
    }

    /// The uses of the table's symbols in `text`, in file order.
    public func scan(_ text: UnsafeBufferPointer<UInt8>, language: SourceLanguage) -> [SourceHit] {
        table.withUnsafeBufferPointer { table in
            var lexer = Lexer(text: text, language: language)
            var matcher = Matcher(scanner: self, text: text, table: table)
            lexer.run(&matcher)
            matcher.finish()
            return Self.positioned(matcher.found, in: text)
        }
    }

    /// The index of the symbol spelled by `text[start..<end]` with this hash, if any.
    @inline(__always)
    fileprivate func lookup(
        _ hash: UInt64, _ start: Int, _ end: Int, in text: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Int32>
    ) -> Int? {
        let length = end - start
        guard length >= minimumLength, length <= maximumLength else { return nil }
        var slot = Int(truncatingIfNeeded: hash) & (table.count - 1)
        while true {
            let index = Int(table[slot])
            if index < 0 { return nil }
            if hashes[index] == hash, Self.equal(text, start, end, symbols[index].name) { return index }
            slot = (slot + 1) & (table.count - 1)
        }
    }

    @inline(__always)
    fileprivate static func equal(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ name: String) -> Bool {
        var i = start
        for byte in name.utf8 {
            guard i < end, text[i] == byte else { return false }
            i += 1
        }
        return i == end
    }

    /// The hits with their line and columns (one pass over the text up to the last hit).
    private static func positioned(
        _ found: [(symbol: Int, range: Range<Int>, needs: [PrivacyNeed], name: String)], in text: UnsafeBufferPointer<UInt8>
    ) -> [SourceHit] {
        var hits: [SourceHit] = []
        hits.reserveCapacity(found.count)
        var line = 0, lineStart = 0, cursor = 0
        for f in found.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            while cursor < f.range.lowerBound {
                if text[cursor] == 0x0A { line += 1; lineStart = cursor + 1 }
                cursor += 1
            }
            var utf16 = 0, utf32 = 0
            for i in lineStart..<f.range.lowerBound where text[i] & 0xC0 != 0x80 {
                utf32 += 1
                utf16 += text[i] >= 0xF0 ? 2 : 1
            }
            let start = SourcePosition(line: line, utf8Column: f.range.lowerBound - lineStart, utf16Column: utf16, utf32Column: utf32)
            hits.append(SourceHit(symbol: f.name, range: f.range, start: start, needs: f.needs))
        }
        return hits
    }
}

/// A token the matcher looks at.
private struct Token {
    enum Kind: UInt8 { case none, identifier, punctuation, other, newline }
    var kind = Kind.none
    var byte: UInt8 = 0
    var start = 0
    var end = 0
}

/// Turns bytes into tokens, skipping comments and literals.
private struct Lexer {
    let text: UnsafeBufferPointer<UInt8>
    let swift: Bool
    var i = 0
    /// Open Swift string interpolations, innermost last: the string to return to and the depth of
    /// parentheses inside the interpolation.
    var interpolations: [(hashes: Int, multiline: Bool, depth: Int)] = []

    init(text: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        self.text = text
        self.swift = language == .swift
    }

    @inline(__always) func at(_ j: Int) -> UInt8 { j < text.count ? text[j] : 0 }

    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || c == 0x5F || c == 0x24 || c >= 0x80
    }

    @inline(__always) static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }

    mutating func run(_ matcher: inout Matcher) {
        let n = text.count
        var lineStart = true
        while i < n {
            let c = text[i]
            switch c {
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                i += 1
            case 0x0A:
                i += 1
                lineStart = true
                if swift && matcher.isWaiting { matcher.feed(Token(kind: .newline, byte: c, start: i - 1, end: i)) }
            case 0x2F where at(i + 1) == 0x2F:  // `//`
                while i < n && text[i] != 0x0A { i += 1 }
            case 0x2F where at(i + 1) == 0x2A:  // `/*`
                skipBlockComment()
            case 0x22:  // `"`
                lineStart = false
                if swift { skipSwiftString(hashes: 0) } else { skipQuoted(0x22) }
            case 0x27 where !swift:  // `'`
                lineStart = false
                skipQuoted(0x27)
            case 0x23:  // `#`
                if swift {
                    var hashes = 0
                    while at(i + hashes) == 0x23 { hashes += 1 }
                    if at(i + hashes) == 0x22 {
                        i += hashes
                        skipSwiftString(hashes: hashes)
                    } else {
                        matcher.feed(Token(kind: .punctuation, byte: c, start: i, end: i + 1))
                        i += 1
                    }
                } else if lineStart && skipsDirective() {
                    while i < n && text[i] != 0x0A { i += 1 }
                } else {
                    matcher.feed(Token(kind: .punctuation, byte: c, start: i, end: i + 1))
                    i += 1
                }
                lineStart = false
            case 0x30...0x39:
                lineStart = false
                let start = i
                while i < n && (Self.isIdentifierByte(text[i]) || text[i] == 0x2E || (!swift && text[i] == 0x27)) { i += 1 }
                matcher.feed(Token(kind: .other, start: start, end: i))
            default:
                lineStart = false
                if Self.isIdentifierStart(c) {
                    let start = i
                    var hash = SourceScanner.seed
                    while i < n, Self.isIdentifierByte(text[i]) {
                        hash = SourceScanner.mix(hash, text[i])
                        i += 1
                    }
                    if !swift && at(i) == 0x22 && text[i - 1] == 0x52 && i - start <= 3 {  // C++ R"delim( … )delim"
                        skipRawCppString()
                        continue
                    }
                    matcher.identifier(Token(kind: .identifier, start: start, end: i), hash: hash)
                } else {
                    if swift && !interpolations.isEmpty {
                        if c == 0x28 {
                            interpolations[interpolations.count - 1].depth += 1
                        } else if c == 0x29 {
                            if interpolations[interpolations.count - 1].depth == 0 {
                                let string = interpolations.removeLast()
                                i += 1
                                continueSwiftString(hashes: string.hashes, multiline: string.multiline)
                                continue
                            }
                            interpolations[interpolations.count - 1].depth -= 1
                        }
                    }
                    matcher.feed(Token(kind: .punctuation, byte: c, start: i, end: i + 1))
                    i += 1
                }
            }
        }
    }

    /// `/* … */`, nested in Swift; an unterminated comment runs to the end.
    mutating func skipBlockComment() {
        let n = text.count
        var depth = 0
        while i < n {
            if text[i] == 0x2F && at(i + 1) == 0x2A {
                depth += 1
                i += 2
            } else if text[i] == 0x2A && at(i + 1) == 0x2F {
                depth -= 1
                i += 2
                if depth == 0 || !swift { return }
            } else {
                i += 1
            }
        }
    }

    /// A C string or character literal from its opening quote: to the closing one, or to the end
    /// of the line when it has none (escaped newlines continue it).
    mutating func skipQuoted(_ quote: UInt8) {
        let n = text.count
        i += 1
        while i < n {
            let c = text[i]
            if c == 0x5C { i += 2; continue }
            i += 1
            if c == quote || c == 0x0A { return }
        }
    }

    /// Whether the `#` at `i` starts a directive whose rest is not code (`#include`, `#import`,
    /// `#pragma`, `#warning`, `#error`).
    func skipsDirective() -> Bool {
        var j = i + 1
        while at(j) == 0x20 || at(j) == 0x09 { j += 1 }
        let start = j
        while Self.isIdentifierByte(at(j)) { j += 1 }
        let word = String(decoding: text[start..<j], as: UTF8.self)
        return ["include", "import", "include_next", "pragma", "warning", "error"].contains(word)
    }

    /// `R"delim( … )delim"` from its `"`.
    mutating func skipRawCppString() {
        let n = text.count
        let open = i + 1
        var j = open
        while j < n && j - open <= 16 && text[j] != 0x28 && text[j] != 0x0A { j += 1 }
        guard j < n, text[j] == 0x28 else { skipQuoted(0x22); return }
        let delimiter = Array(text[open..<j])
        i = j + 1
        while i < n {
            if text[i] == 0x29 && i + delimiter.count + 1 < n + 1 {
                var k = 0
                while k < delimiter.count && at(i + 1 + k) == delimiter[k] { k += 1 }
                if k == delimiter.count && at(i + 1 + k) == 0x22 { i += k + 2; return }
            }
            i += 1
        }
    }

    /// A Swift string literal from its opening `"` (after `hashes` `#`s).
    mutating func skipSwiftString(hashes: Int) {
        let multiline = at(i + 1) == 0x22 && at(i + 2) == 0x22
        i += multiline ? 3 : 1
        continueSwiftString(hashes: hashes, multiline: multiline)
    }

    /// The rest of a Swift string literal: returns at its end, or at the start of an
    /// interpolation (`\(`, `\#(` in a raw string), which is then scanned as code.
    mutating func continueSwiftString(hashes: Int, multiline: Bool) {
        let n = text.count
        while i < n {
            let c = text[i]
            if c == 0x5C {
                var k = 0
                while k < hashes && at(i + 1 + k) == 0x23 { k += 1 }
                if k < hashes { i += 1; continue }  // a backslash in a raw string
                if at(i + 1 + k) == 0x28 {
                    i += k + 2
                    interpolations.append((hashes, multiline, 0))
                    return
                }
                i += k + 2
                continue
            }
            if c == 0x22 && (!multiline || (at(i + 1) == 0x22 && at(i + 2) == 0x22)) {
                let close = i + (multiline ? 3 : 1)
                var k = 0
                while k < hashes && at(close + k) == 0x23 { k += 1 }
                if k == hashes { i = close + k; return }
            }
            if c == 0x0A && !multiline { return }
            i += 1
        }
    }
}

/// Decides which identifiers are uses of table symbols, from the tokens around them.
private struct Matcher {
    let scanner: SourceScanner
    let text: UnsafeBufferPointer<UInt8>
    let table: UnsafeBufferPointer<Int32>
    /// The last three tokens, most recent first.
    var previous = (Token(), Token(), Token())
    var found: [(symbol: Int, range: Range<Int>, needs: [PrivacyNeed], name: String)] = []
    /// Uses that wait for the tokens after them.
    var pending: [Pending] = []

    struct Pending {
        let symbol: Int
        let range: Range<Int>
        /// For a call: tokens seen after the name (the `(` and the first argument).
        var seen = 0
        /// For markers: the bracket depth relative to the symbol, and the needs found so far.
        var depth = 0
        var needs: [PrivacyNeed] = []
    }

    /// How many tokens after a symbol are searched for its markers.
    static let markerReach = 64

    init(scanner: SourceScanner, text: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Int32>) {
        self.scanner = scanner
        self.text = text
        self.table = table
    }

    var isWaiting: Bool { !pending.isEmpty }

    mutating func identifier(_ token: Token, hash: UInt64) {
        if !pending.isEmpty { advancePending(token) }
        if let index = scanner.lookup(hash, token.start, token.end, in: text, table: table) { consider(index, token) }
        shift(token)
    }

    mutating func feed(_ token: Token) {
        if !pending.isEmpty { advancePending(token) }
        if token.kind != .newline { shift(token) }
    }

    mutating func shift(_ token: Token) {
        previous = (token, previous.0, previous.1)
    }

    func spells(_ token: Token, _ words: [String]) -> Bool {
        token.kind == .identifier && words.contains { SourceScanner.equal(text, token.start, token.end, $0) }
    }

    func isPunctuation(_ token: Token, _ byte: UInt8) -> Bool {
        token.kind == .punctuation && token.byte == byte
    }

    static let declarationKeywords = ["func", "var", "let", "case", "class", "struct", "enum", "protocol", "typealias", "associatedtype"]

    /// Whether the tokens before the symbol give it its form.
    mutating func consider(_ index: Int, _ token: Token) {
        let symbol = scanner.symbols[index]
        let (p1, p2) = (previous.0, previous.1)
        if spells(p1, Self.declarationKeywords) { return }
        let afterDot = isPunctuation(p1, 0x2E)
        // `->` (C member access through a pointer).
        let afterArrow = isPunctuation(p1, 0x3E) && isPunctuation(p2, 0x2D)
        switch symbol.form {
        case .name:
            break
        case .member(let types):
            if afterDot {
                if p2.kind == .identifier {
                    guard spells(p2, types) else { return }
                } else if [0x29, 0x5D, 0x3F, 0x21, 0x3E].contains(p2.byte) && p2.kind == .punctuation {
                    return  // a member of an expression: `foo().creationDate`, `a[0].creationDate`
                }
            } else if !(spells(p1, types) && isPunctuation(p2, 0x5B)) {
                return
            }
        case .qualified(let types):
            guard (afterDot && spells(p2, types)) || (spells(p1, types) && isPunctuation(p2, 0x5B)) else { return }
        case .call:
            if afterArrow { return }
            if afterDot && !spells(p2, ["Darwin", "Glibc", "Foundation"]) { return }
            pending.append(Pending(symbol: index, range: token.start..<token.end))
            return
        }
        if symbol.markers.isEmpty {
            report(index, token.start..<token.end, symbol.needs)
        } else {
            pending.append(Pending(symbol: index, range: token.start..<token.end))
        }
    }

    mutating func report(_ index: Int, _ range: Range<Int>, _ needs: [PrivacyNeed]) {
        guard !needs.isEmpty else { return }
        found.append((index, range, needs, scanner.symbols[index].name))
    }

    /// Feeds `token` to every pending use; those it settles are reported or dropped.
    mutating func advancePending(_ token: Token) {
        var i = 0
        while i < pending.count {
            var p = pending[i]
            let outcome = step(&p, token)
            pending[i] = p
            switch outcome {
            case .wait:
                i += 1
                continue
            case .report(let needs):
                report(p.symbol, p.range, needs)
            case .drop:
                break
            }
            pending.remove(at: i)
        }
    }

    enum Outcome { case wait, drop, report([PrivacyNeed]) }

    /// Advances one pending use with the next token.
    func step(_ p: inout Pending, _ token: Token) -> Outcome {
        let symbol = scanner.symbols[p.symbol]
        p.seen += 1
        if case .call(let arguments) = symbol.form {
            if token.kind == .newline { p.seen -= 1; return .wait }
            if p.seen == 1 {
                guard isPunctuation(token, 0x28) else { return .drop }
                return arguments ? .wait : .report(symbol.needs)
            }
            return isPunctuation(token, 0x29) ? .drop : .report(symbol.needs)
        }
        // Markers: search up to the end of the call or statement.
        var ends = p.seen > Self.markerReach
        switch token.kind {
        case .identifier:
            for marker in symbol.markers where SourceScanner.equal(text, token.start, token.end, marker.name) {
                for need in marker.needs where !p.needs.contains(need) { p.needs.append(need) }
            }
        case .punctuation:
            switch token.byte {
            case 0x28, 0x5B: p.depth += 1
            case 0x29, 0x5D: p.depth -= 1; if p.depth < 0 { ends = true }
            case 0x7B, 0x7D, 0x3B: if p.depth <= 0 { ends = true }
            default: break
            }
        case .newline:
            // A Swift statement ends at a line break outside brackets (Objective-C's at `;`).
            if p.depth <= 0 && p.seen > 1 { ends = true }
        case .other, .none:
            break
        }
        guard ends else { return .wait }
        return .report(p.needs.isEmpty ? symbol.needs : p.needs)
    }

    /// Settles what is still pending at the end of the text.
    mutating func finish() {
        for p in pending {
            let symbol = scanner.symbols[p.symbol]
            if case .call = symbol.form { continue }
            report(p.symbol, p.range, p.needs.isEmpty ? symbol.needs : p.needs)
        }
        pending = []
    }
}
