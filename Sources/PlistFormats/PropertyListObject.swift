// The value of a property list in any of its formats: what the binary reader and the JSON reader
// produce, what the XML, binary and JSON writers take. Unlike `PlistValue` (the XML typed view's
// decoding) it holds what only the binary format has: UIDs, sets, null, dates with fractions of a
// second.
import PlistSyntax

/// A property-list value, position-free, in any format.
public enum PropertyListObject: Equatable, Sendable {
    case string(String)
    /// −2⁶³ … 2⁶⁴−1, as Foundation and `plistlib` allow.
    case integer(PlistInteger)
    case real(Double)
    case bool(Bool)
    /// Seconds since 2001-01-01T00:00:00Z, Core Foundation's reference date.
    case date(Double)
    case data([UInt8])
    /// An NSKeyedArchiver object reference; XML writes it as `<dict><key>CF$UID</key><integer>N</integer></dict>`.
    case uid(UInt64)
    case array([PropertyListObject])
    /// Binary only (`0xC0`); no XML or JSON form.
    case set([PropertyListObject])
    /// Entries in file order.
    case dictionary([Entry])
    /// Binary `0x00` and JSON `null`; no XML form.
    case null

    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: PropertyListObject
        public init(_ key: String, _ value: PropertyListObject) {
            self.key = key
            self.value = value
        }

        /// Keys compared by their exact scalars, as Foundation compares them.
        public static func == (a: Entry, b: Entry) -> Bool { ExactText.equal(a.key, b.key) && a.value == b.value }
    }

    /// Equal values: strings by their exact scalars (not Swift's canonical equivalence: `é` and
    /// `e` + U+0301 are two strings in a plist), reals and dates by `==`.
    public static func == (a: PropertyListObject, b: PropertyListObject) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return ExactText.equal(x, y)
        case (.integer(let x), .integer(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.date(let x), .date(let y)): return x == y
        case (.data(let x), .data(let y)): return x == y
        case (.uid(let x), .uid(let y)): return x == y
        case (.array(let x), .array(let y)), (.set(let x), .set(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// Seconds between 1970-01-01 and Core Foundation's reference date, 2001-01-01.
    public static let referenceDateSince1970: Double = 978_307_200

    /// What the value is, in the words an error message uses.
    public var kindName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool: return "Boolean"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "UID"
        case .array: return "array"
        case .set: return "set"
        case .dictionary: return "dictionary"
        case .null: return "null"
        }
    }
}

/// Why a property list cannot be read or written in a format. `path` is the key path of the value
/// concerned (`NSAppTransportSecurity › NSExceptionDomains`, array items as `[3]`), empty for the
/// file as a whole.
public struct PropertyListFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var path: [String]
    public init(_ message: String, path: [String] = []) {
        self.message = message
        self.path = path
    }

    /// The key path as written in messages: components joined by ` › `, the root as `(root)`.
    public var pathText: String { KeyPathText.join(path) }

    public var description: String { path.isEmpty ? message : "\(message) at \(pathText)" }
}

/// A key path while a value is walked: keys and array indices pushed and popped as the walk goes
/// down and up, made into message text (`[3]`) only when an error names it, so that walking a
/// large array makes no string per item.
struct KeyPathSteps {
    private enum Step { case key(String), index(Int), keyObject(Int) }
    private var steps: [Step] = []

    init() { steps.reserveCapacity(16) }

    @inline(__always) mutating func push(key: String) { steps.append(.key(key)) }
    @inline(__always) mutating func push(index: Int) { steps.append(.index(index)) }
    /// A key named by its object in a binary plist, read only when an error names the path.
    @inline(__always) mutating func push(keyObject: Int) { steps.append(.keyObject(keyObject)) }
    @inline(__always) mutating func pop() { steps.removeLast() }

    /// The path as `PropertyListFormatError.path` holds it.
    var components: [String] { components { _ in "?" } }

    /// The path, keys given by their objects named by `name`.
    func components(naming name: (Int) -> String) -> [String] {
        steps.map { step in
            switch step {
            case .key(let k): return k
            case .index(let i): return "[\(i)]"
            case .keyObject(let o): return name(o)
            }
        }
    }
}

public enum KeyPathText {
    /// A key path as messages write it, e.g. `CFBundleDocumentTypes › [0] › CFBundleTypeName`.
    public static func join(_ path: [String]) -> String { path.isEmpty ? "(root)" : path.joined(separator: " › ") }
}

extension PropertyListObject {
    /// The value of an XML document's typed view, as Core Foundation reads it: a dictionary whose
    /// only key is `CF$UID` with an integer value is a UID; a date is whole seconds; but a string's
    /// leading U+FEFF is kept, as XML 1.0 and plistlib read it (`PlistDocument.xmlValue`). Fails on a
    /// document with errors (its value would be a guess) and on a preprocessed one (`#if` lines:
    /// which branch is the plist is only known at build time).
    public static func from(_ document: PlistDocument) throws(PropertyListFormatError) -> PropertyListObject {
        if let problem = document.allProblems.first(where: { $0.severity == .error }) {
            throw PropertyListFormatError("the XML has errors (first: \(problem.message) [\(problem.code.rawValue)])")
        }
        if document.conditionals.isPreprocessed {
            throw PropertyListFormatError("the plist is preprocessed (#if lines); only the build knows which branch it is")
        }
        let builder = ObjectBuilder()
        guard document.visitXMLValue(builder), let value = builder.result else {
            throw PropertyListFormatError("the XML holds no property list value")
        }
        return value
    }

    /// A decoded XML value (see `from(_: PlistDocument)`).
    public static func from(_ value: PlistValue) -> PropertyListObject {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .real(let r): return .real(r)
        case .bool(let b): return .bool(b)
        case .date(let d): return .date(Double(d.secondsSince1970) - referenceDateSince1970)
        case .data(let d): return .data(d)
        case .array(let items): return .array(items.map(from))
        case .dictionary(let entries):
            if entries.count == 1, ExactText.equal(entries[0].key, "CF$UID"), case .integer(let n) = entries[0].value, !n.isNegative {
                return .uid(n.magnitude)
            }
            return .dictionary(entries.map { Entry($0.key, from($0.value)) })
        }
    }
}

/// Builds a `PropertyListObject` from a document's parts (`PlistDocument.visitXMLValue`) as
/// `from(_: PlistValue)` makes it from `xmlValue`, without the tree of `PlistValue`s between them.
final class ObjectBuilder: PlistValueVisitor {
    /// A container being read: its items or entries so far, and the key of the entry whose value comes next.
    struct Frame {
        var isDictionary: Bool
        var items: [PropertyListObject] = []
        var entries: [PropertyListObject.Entry] = []
        var key = ""
    }
    private var frames: [Frame] = []
    private(set) var result: PropertyListObject?

    init() { frames.reserveCapacity(32) }

    private func add(_ value: PropertyListObject) {
        let last = frames.count - 1
        guard last >= 0 else { result = value; return }
        if frames[last].isDictionary {
            frames[last].entries.append(.init(frames[last].key, value))
        } else {
            frames[last].items.append(value)
        }
    }

    func string(_ s: String) { add(.string(s)) }
    func integer(_ i: PlistInteger) { add(.integer(i)) }
    func real(_ r: Double) { add(.real(r)) }
    func bool(_ b: Bool) { add(.bool(b)) }
    func date(_ d: PlistDate) { add(.date(Double(d.secondsSince1970) - PropertyListObject.referenceDateSince1970)) }
    func data(_ d: [UInt8]) { add(.data(d)) }
    func key(_ k: String) { frames[frames.count - 1].key = k }

    func beginArray(capacity: Int) {
        var frame = Frame(isDictionary: false)
        frame.items.reserveCapacity(capacity)
        frames.append(frame)
    }

    func beginDictionary(capacity: Int) {
        var frame = Frame(isDictionary: true)
        frame.entries.reserveCapacity(capacity)
        frames.append(frame)
    }

    func end() {
        let frame = frames.removeLast()
        guard frame.isDictionary else { add(.array(frame.items)); return }
        let entries = frame.entries
        if entries.count == 1, ExactText.equal(entries[0].key, "CF$UID"), case .integer(let n) = entries[0].value, !n.isNegative {
            add(.uid(n.magnitude))
        } else {
            add(.dictionary(entries))
        }
    }
}
