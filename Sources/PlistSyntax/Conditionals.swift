// The conditional structure of a preprocessed Info.plist (`INFOPLIST_PREPROCESS = YES`): the
// `#if` groups formed by the tree's directive lines, the branch every offset lies in, and which
// branches a set of definitions selects — what the C preprocessor would keep. See
// docs/preprocessed-plists.md.

/// The word of a directive line.
public enum DirectiveKind: String, Sendable, Hashable {
    case `if`, ifdef, ifndef, elif, `else`, endif
    /// `#include`, `#define`, `#undef`, `#pragma`…: no effect on branches.
    case other

    /// Whether the directive opens a group (`#if`, `#ifdef`, `#ifndef`).
    public var opensGroup: Bool { self == .if || self == .ifdef || self == .ifndef }
}

/// One directive line of the document.
public struct Directive: Sendable, Hashable {
    public let kind: DirectiveKind
    /// The directive word as written (`ifdef`, `include`…).
    public let word: String
    /// The text after the word (the condition of `#if`/`#elif`, the name of `#ifdef`…), trimmed.
    public let argument: String
    /// The line from `#` to its end (newline excluded).
    public let range: Range<Int>
}

/// One branch of an `#if` group: a group index and the branch's position in it (0 for the `#if`).
public struct BranchID: Sendable, Hashable {
    public let group: Int
    public let branch: Int
}

/// The nested branches an offset lies in, outermost first; empty outside any `#if` group.
public typealias BranchPath = [BranchID]

/// An `#if` … `#endif` group.
public struct ConditionalGroup: Sendable {
    /// Indexes into `ConditionalStructure.directives`: the `#if`/`#ifdef`/`#ifndef`, then each `#elif`/`#else`.
    public let branchDirectives: [Int]
    /// The index of the `#endif`, nil when the group is never closed.
    public let endDirective: Int?
    /// The branch path the group itself lies in.
    public let parent: BranchPath
}

/// A directive problem: an `#endif` without `#if`, an `#if` never closed, an `#elif` after `#else`.
public struct DirectiveProblem: Sendable, Hashable {
    public let message: String
    public let range: Range<Int>
}

/// The conditional structure of a document: its directive lines and their `#if` groups.
public struct ConditionalStructure: Sendable {
    /// Every directive line, in document order.
    public let directives: [Directive]
    public let groups: [ConditionalGroup]
    public let problems: [DirectiveProblem]
    /// Offsets where the branch path changes, with the path from there on (sorted by offset).
    private let segments: [(start: Int, path: BranchPath)]

    /// Whether the document holds preprocessor directives (Xcode preprocesses it before reading it).
    public var isPreprocessed: Bool { !directives.isEmpty }

    public init(_ tree: SyntaxTree) {
        var found: [Directive] = []
        Self.collect(tree.document, tree.text, &found)
        directives = found
        var groups: [(branches: [Int], end: Int?, parent: BranchPath, sawElse: Bool)] = []
        var open: [Int] = []  // indexes into `groups`
        var problems: [DirectiveProblem] = []
        var segments: [(Int, BranchPath)] = [(0, [])]
        func currentPath() -> BranchPath {
            open.map { BranchID(group: $0, branch: groups[$0].branches.count - 1) }
        }
        for (i, d) in found.enumerated() {
            switch d.kind {
            case .if, .ifdef, .ifndef:
                groups.append(([i], nil, currentPath(), false))
                open.append(groups.count - 1)
            case .elif, .else:
                guard let g = open.last else {
                    problems.append(DirectiveProblem(message: "#\(d.word) without a matching #if", range: d.range))
                    continue
                }
                if groups[g].sawElse {
                    problems.append(DirectiveProblem(message: "#\(d.word) after #else: the group already has its last branch", range: d.range))
                }
                if d.kind == .else { groups[g].sawElse = true }
                groups[g].branches.append(i)
            case .endif:
                guard let g = open.popLast() else {
                    problems.append(DirectiveProblem(message: "#endif without a matching #if", range: d.range))
                    continue
                }
                groups[g].end = i
            case .other:
                continue
            }
            segments.append((d.range.upperBound, currentPath()))
        }
        for g in open {
            let d = found[groups[g].branches[0]]
            problems.append(DirectiveProblem(message: "#\(d.word) is never closed: add #endif", range: d.range))
        }
        self.groups = groups.map { ConditionalGroup(branchDirectives: $0.branches, endDirective: $0.end, parent: $0.parent) }
        self.problems = problems
        self.segments = segments
    }

    /// Every directive line of the tree, in document order. Most plists hold no `#` at all: one scan
    /// of the bytes answers them without a walk. The walk keeps its own stack (a tree may be nested
    /// far deeper than the thread's stack allows).
    private static func collect(_ document: SyntaxElement, _ text: [UInt8], _ out: inout [Directive]) {
        guard text.contains(0x23) else { return }
        var stack: [(element: SyntaxElement, next: Int)] = [(document, 0)]
        while let top = stack.last {
            guard let node = top.element.node, top.next < node.children.count else { stack.removeLast(); continue }
            let i = top.next
            stack[stack.count - 1].next = i + 1
            let raw = node.children[i]
            if raw.kind == .directive {
                out.append(parse(SyntaxElement.child(i, of: node, ownerStart: top.element.start).range, text))
            } else if raw.nodeIndex >= 0 {
                stack.append((SyntaxElement.child(i, of: node, ownerStart: top.element.start), 0))
            }
        }
    }

    static func parse(_ range: Range<Int>, _ text: [UInt8]) -> Directive {
        var j = range.lowerBound + 1
        while j < range.upperBound && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
        let wordStart = j
        while j < range.upperBound && text[j] >= 0x61 && text[j] <= 0x7A { j += 1 }
        let word = String(decoding: text[wordStart..<j], as: UTF8.self)
        // A trailing `// comment` or `/* comment */` is not part of the condition.
        var argumentEnd = j
        while argumentEnd < range.upperBound {
            if text[argumentEnd] == 0x2F && argumentEnd + 1 < range.upperBound && (text[argumentEnd + 1] == 0x2F || text[argumentEnd + 1] == 0x2A) { break }
            argumentEnd += 1
        }
        let argument = String(decoding: text[j..<argumentEnd], as: UTF8.self).trimmingXMLSpace()
        return Directive(kind: DirectiveKind(rawValue: word) ?? .other, word: word, argument: argument, range: range)
    }

    /// The branches `offset` lies in, outermost first (a directive line lies in the branch it ends).
    public func path(at offset: Int) -> BranchPath {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].start <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? segments[lo - 1].path : []
    }

    /// Whether two offsets lie in branches of one group that exclude each other (`#if`/`#else`).
    public func areExclusive(_ a: Int, _ b: Int) -> Bool {
        let pa = path(at: a), pb = path(at: b)
        for (x, y) in zip(pa, pb) {
            if x.group != y.group { return false }
            if x.branch != y.branch { return true }
        }
        return false
    }

    // MARK: Evaluation

    /// The branches the C preprocessor keeps given `definitions` (name → value; `-D NAME` is "1").
    public func selectedBranches(_ definitions: [String: String]) -> Set<BranchID> {
        var selected = Set<BranchID>()
        for (g, group) in groups.enumerated() {
            // Groups come in document order, so a parent's choice is known before its children's.
            guard group.parent.allSatisfy({ selected.contains($0) }) else { continue }
            for (b, index) in group.branchDirectives.enumerated() {
                let d = directives[index]
                let taken: Bool
                switch d.kind {
                case .ifdef: taken = definitions[ConditionExpression.firstIdentifier(d.argument)] != nil
                case .ifndef: taken = definitions[ConditionExpression.firstIdentifier(d.argument)] == nil
                case .else: taken = true
                default: taken = ConditionExpression.evaluate(d.argument, definitions) != 0
                }
                if taken { selected.insert(BranchID(group: g, branch: b)); break }
            }
        }
        return selected
    }

    /// Whether `offset` survives preprocessing given the branches `selected` chose.
    public func isActive(_ offset: Int, selected: Set<BranchID>) -> Bool {
        path(at: offset).allSatisfy { selected.contains($0) }
    }
}

/// Evaluation of `#if` conditions: integers, names (undefined = 0), `defined(X)`/`defined X`, `!`,
/// `~`, unary `-`/`+`, `* / %`, `+ -`, `<< >>`, `< <= > >=`, `== !=`, `&`, `^`, `|`, `&&`, `||`,
/// `?:` and parentheses, as the C preprocessor evaluates them. A malformed condition is false.
public enum ConditionExpression {
    public static func evaluate(_ condition: String, _ definitions: [String: String]) -> Int64 {
        var p = ExpressionParser(tokens: tokenize(condition), definitions: definitions, depth: 0)
        let v = p.conditional()
        return p.failed || p.index != p.tokens.count ? 0 : v
    }

    static func firstIdentifier(_ s: String) -> String {
        String(s.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    enum Token: Equatable { case number(Int64), name(String), op(String) }

    static func tokenize(_ s: String) -> [Token] {
        var out: [Token] = []
        let u = Array(s.utf8)
        var i = 0
        func isIdent(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F }
        while i < u.count {
            let b = u[i]
            if b == 0x20 || b == 0x09 { i += 1; continue }
            if b >= 0x30 && b <= 0x39 {
                var j = i
                while j < u.count && isIdent(u[j]) { j += 1 }
                var digits = String(decoding: u[i..<j], as: UTF8.self).lowercased()
                while let last = digits.last, last == "u" || last == "l" { digits.removeLast() }
                let value: Int64?
                if digits.hasPrefix("0x") { value = Int64(digits.dropFirst(2), radix: 16) }
                else if digits.count > 1 && digits.hasPrefix("0") { value = Int64(digits.dropFirst(), radix: 8) }
                else { value = Int64(digits) }
                out.append(value.map(Token.number) ?? .op("?bad"))
                i = j
            } else if isIdent(b) {
                var j = i
                while j < u.count && isIdent(u[j]) { j += 1 }
                out.append(.name(String(decoding: u[i..<j], as: UTF8.self)))
                i = j
            } else {
                let two = i + 1 < u.count ? String(decoding: u[i...(i + 1)], as: UTF8.self) : ""
                if ["&&", "||", "==", "!=", "<=", ">=", "<<", ">>"].contains(two) {
                    out.append(.op(two)); i += 2
                } else {
                    out.append(.op(String(decoding: u[i...i], as: UTF8.self))); i += 1
                }
            }
        }
        return out
    }

    struct ExpressionParser {
        let tokens: [Token]
        let definitions: [String: String]
        let depth: Int
        var index = 0
        var failed = false
        /// Recursion depth: a condition is one line of a file, and a line of 100,000 `(` must not
        /// exhaust the stack.
        var nesting = 0
        static let maximumNesting = 256

        init(tokens: [Token], definitions: [String: String], depth: Int) {
            self.tokens = tokens
            self.definitions = definitions
            self.depth = depth
        }

        mutating func accept(_ op: String) -> Bool {
            if index < tokens.count, tokens[index] == .op(op) { index += 1; return true }
            return false
        }

        mutating func conditional() -> Int64 {
            nesting += 1
            defer { nesting -= 1 }
            if nesting > Self.maximumNesting { failed = true; return 0 }
            let c = binary(0)
            if accept("?") {
                let a = conditional()
                if !accept(":") { failed = true; return 0 }
                let b = conditional()
                return c != 0 ? a : b
            }
            return c
        }

        static let levels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(_ level: Int) -> Int64 {
            guard level < Self.levels.count else { return unary() }
            var left = binary(level + 1)
            loop: while index < tokens.count, case .op(let op) = tokens[index], Self.levels[level].contains(op) {
                index += 1
                let right = binary(level + 1)
                switch op {
                case "||": left = (left != 0 || right != 0) ? 1 : 0
                case "&&": left = (left != 0 && right != 0) ? 1 : 0
                case "|": left |= right
                case "^": left ^= right
                case "&": left &= right
                case "==": left = left == right ? 1 : 0
                case "!=": left = left != right ? 1 : 0
                case "<": left = left < right ? 1 : 0
                case "<=": left = left <= right ? 1 : 0
                case ">": left = left > right ? 1 : 0
                case ">=": left = left >= right ? 1 : 0
                case "<<": left = right >= 0 && right < 64 ? left << right : 0
                case ">>": left = right >= 0 && right < 64 ? left >> right : 0
                case "+": left = left &+ right
                case "-": left = left &- right
                case "*": left = left &* right
                case "/", "%":
                    if right == 0 { failed = true; break loop }
                    left = op == "/" ? left.dividedReportingOverflow(by: right).partialValue : left.remainderReportingOverflow(dividingBy: right).partialValue
                default: break
                }
            }
            return left
        }

        mutating func unary() -> Int64 {
            nesting += 1
            defer { nesting -= 1 }
            if nesting > Self.maximumNesting { failed = true; return 0 }
            if accept("!") { return unary() == 0 ? 1 : 0 }
            if accept("-") { return 0 &- unary() }
            if accept("+") { return unary() }
            if accept("~") { return ~unary() }
            return primary()
        }

        mutating func primary() -> Int64 {
            guard index < tokens.count else { failed = true; return 0 }
            let t = tokens[index]
            index += 1
            switch t {
            case .number(let n): return n
            case .op("("):
                let v = conditional()
                if !accept(")") { failed = true }
                return v
            case .name("defined"):
                let paren = accept("(")
                guard index < tokens.count, case .name(let n) = tokens[index] else { failed = true; return 0 }
                index += 1
                if paren && !accept(")") { failed = true }
                return definitions[n] != nil ? 1 : 0
            case .name(let n):
                // A defined name stands for its value, itself evaluated (`-D LEVEL=2`, `-D ON=OTHER`).
                guard let value = definitions[n] else { return 0 }
                guard depth < 16 else { return 0 }
                var inner = ExpressionParser(tokens: ConditionExpression.tokenize(value), definitions: definitions, depth: depth + 1)
                if inner.tokens.isEmpty { return 0 }
                let v = inner.conditional()
                return inner.failed || inner.index != inner.tokens.count ? 0 : v
            default:
                failed = true
                return 0
            }
        }
    }
}
