// The conditional structure of a preprocessed Info.plist (`INFOPLIST_PREPROCESS = YES`): the
// `#if` groups formed by the tree's directive lines, the branch every offset lies in, and which
// branches a set of definitions selects — what the C preprocessor would keep. See
// docs/preprocessed-plists.md.

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
                    problems.append(
                        DirectiveProblem(message: "#\(d.word) after #else: the group already has its last branch", range: d.range))
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
    private static func collect(_ document: SyntaxElement, _ text: SourceText, _ out: inout [Directive]) {
        guard document.node?.containsDirective == true else { return }
        var stack: [(element: SyntaxElement, next: Int)] = [(document, 0)]
        while let top = stack.last {
            guard let node = top.element.node, top.next < node.children.count else { stack.removeLast(); continue }
            let i = top.next
            stack[stack.count - 1].next = i + 1
            let raw = node.children[i]
            if raw.kind == .directive {
                out.append(parse(SyntaxElement.child(i, of: node, ownerStart: top.element.start).range, text))
            } else if raw.nodeIndex >= 0 && node.nodes[Int(raw.nodeIndex)].containsDirective {
                stack.append((SyntaxElement.child(i, of: node, ownerStart: top.element.start), 0))
            }
        }
    }

    static func parse(_ range: Range<Int>, _ text: SourceText) -> Directive {
        var j = range.lowerBound + 1
        while j < range.upperBound && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
        let wordStart = j
        while j < range.upperBound && text[j] >= 0x61 && text[j] <= 0x7A { j += 1 }
        let word = text.string(wordStart..<j)
        // A trailing `// comment` or `/* comment */` is not part of the condition.
        var argumentEnd = j
        while argumentEnd < range.upperBound {
            if text[argumentEnd] == 0x2F && argumentEnd + 1 < range.upperBound
                && (text[argumentEnd + 1] == 0x2F || text[argumentEnd + 1] == 0x2A)
            {
                break
            }
            argumentEnd += 1
        }
        let argument = text.string(j..<argumentEnd).trimmingXMLSpace()
        return Directive(kind: DirectiveKind(rawValue: word) ?? .other, word: word, argument: argument, range: range)
    }

    /// The branches `offset` lies in, outermost first (a directive line lies in the branch it ends).
    public func path(at offset: Int) -> BranchPath {
        let lo = firstIndex(notBelow: offset + 1, in: 0..<segments.count) { segments[$0].start }
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
