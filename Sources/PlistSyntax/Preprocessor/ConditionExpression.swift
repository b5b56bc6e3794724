// The expression of an #if or #elif line, evaluated as the C preprocessor does.

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
                if digits.hasPrefix("0x") {
                    value = Int64(digits.dropFirst(2), radix: 16)
                } else if digits.count > 1 && digits.hasPrefix("0") {
                    value = Int64(digits.dropFirst(), radix: 8)
                } else {
                    value = Int64(digits)
                }
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

        static let levels: [[String]] = [
            ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
        ]

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
                    left =
                        op == "/"
                        ? left.dividedReportingOverflow(by: right).partialValue
                        : left.remainderReportingOverflow(dividingBy: right).partialValue
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
