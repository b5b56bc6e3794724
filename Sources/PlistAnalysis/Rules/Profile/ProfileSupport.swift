// What the configuration-profile rules and features share: where a dictionary of a profile sits in
// Apple's payload schemas (the wrapper, a payload, a key's nested dictionary), one walk over the
// profile's described values, the platforms it targets, and the values that stand for something
// else (MDM variables, templates, placeholders). docs/profiles.md.
import PlistSchema
import PlistSyntax

/// The schema's view of one dictionary of a profile.
struct ProfileScope {
    enum Role { case topLevel, payload, nested }
    let role: Role
    /// The keys the dictionary may hold (for a payload: the common keys, then the payload's own).
    let keys: [ProfileKey]
    /// Whether keys the schema does not name are fine here (an unknown payload type, an `ANY` dictionary).
    let isOpen: Bool
    /// The payload the dictionary belongs to (nil: the wrapper, or an unknown payload type).
    let payload: ProfilePayload?

    func key(_ name: String) -> ProfileKey? { keys.first { $0.name == name } }
}

enum ProfileSchemaLookup {
    /// The scope of the dictionary at `path` (nil: not a dictionary the schema describes).
    static func scope(ofDictionaryAt path: [PathComponent], in document: PlistDocument, schema: ProfileSchema = .shared) -> ProfileScope? {
        if path.isEmpty { return ProfileScope(role: .topLevel, keys: schema.topLevel.keys, isOpen: false, payload: nil) }
        if path.count == 2, path[0] == .key("PayloadContent"), case .index = path[1] {
            let type = document.node(at: path)?.value(forKey: "PayloadType")?.trimmedText
            let payload = type.flatMap { schema.payloads[$0] }
            let common = schema.common.keys
            guard let payload, payload.type != "TopLevel", payload.type != "CommonPayloadKeys" else {
                return ProfileScope(role: .payload, keys: common, isOpen: true, payload: nil)
            }
            let own = payload.keys.filter { k in !common.contains { $0.name == k.name } }
            let merged = common.map { c in payload.key(c.name) ?? c } + own
            return ProfileScope(role: .payload, keys: merged, isOpen: payload.isOpen, payload: payload)
        }
        guard let (definition, payload) = definition(forValueAt: path, in: document, schema: schema),
            definition.type == .dictionary || definition.type == nil
        else { return nil }
        return ProfileScope(role: .nested, keys: definition.keys, isOpen: definition.isOpen, payload: payload)
    }

    /// The definition of the value at `path`, with its payload (nil: not described).
    static func definition(
        forValueAt path: [PathComponent], in document: PlistDocument, schema: ProfileSchema = .shared
    ) -> (ProfileKey, ProfilePayload?)? {
        guard let last = path.last else { return nil }
        let parent = Array(path.dropLast())
        switch last {
        case .key(let name):
            guard let scope = scope(ofDictionaryAt: parent, in: document, schema: schema), let key = scope.key(name) else { return nil }
            return (key, scope.payload)
        case .index:
            guard let (array, payload) = definition(forValueAt: parent, in: document, schema: schema), let item = array.item else {
                return nil
            }
            return (item, payload)
        }
    }

    /// The platforms of `platforms` that read the key or payload and that the profile targets
    /// (`targeted`, nil: any): the platforms the profile rules judge a fact on.
    static func reading(_ platforms: [Platform: ProfilePlatformFacts], targeted: Set<Platform>?) -> [Platform: ProfilePlatformFacts] {
        platforms.filter { (platform, facts) in facts.isAvailable && facts.introduced != nil && (targeted?.contains(platform) ?? true) }
    }

    /// "iOS, macOS and tvOS": platforms named in a sentence, in a stable order.
    static func named(_ platforms: some Collection<Platform>) -> String {
        platforms.sorted { $0.rawValue < $1.rawValue }.map(\.displayName).joinedAsList
    }

    /// The platforms the profile says it targets: its `TargetDeviceType`, else macOS when it has a
    /// `PayloadScope` (a Mac-only key); nil when it says nothing.
    static func targetedPlatforms(_ root: PlistNode) -> Set<Platform>? {
        if let target = root.value(forKey: "TargetDeviceType"), target.kind == .integer, let n = Int(target.trimmedText) {
            switch n {
            case 1: return [.iOS]
            case 2: return [.watchOS]
            case 4: return [.tvOS]
            case 5: return [.macOS]
            case 6: return [.visionOS]
            default: break
            }
        }
        if root.value(forKey: "PayloadScope") != nil { return [.macOS] }
        return nil
    }
}

/// One described value of a profile, as `ProfileWalk` visits it.
struct ProfileValue {
    let path: [PathComponent]
    let key: PlistKey?
    let value: PlistNode
    let definition: ProfileKey
    /// The definition's platform facts with what it leaves unsaid taken from its parents and payload.
    let platforms: [Platform: ProfilePlatformFacts]
}

/// One dictionary of a profile with its scope.
struct ProfileDictionary {
    let path: [PathComponent]
    let node: PlistNode
    let scope: ProfileScope
    /// Its entries' keys in order (nil: an entry without one), read once for the rules.
    let keys: [PlistKey?]
}

/// Every dictionary and described value of a profile, in document order.
struct ProfileWalk: Sendable {
    var dictionaries: [ProfileDictionary] = []
    var values: [ProfileValue] = []
    /// The payload dictionaries (`PayloadContent` items), with their `PayloadType` text.
    var payloads: [(node: PlistNode, type: String?)] = []

    init(_ document: PlistDocument, schema: ProfileSchema = .shared) {
        guard let root = document.root, root.kind == .dictionary else { return }
        let top = ProfileScope(role: .topLevel, keys: schema.topLevel.keys, isOpen: false, payload: nil)
        visitDictionary(root, path: [], scope: top, platforms: schema.topLevel.platforms, schema: schema, document: document)
    }

    private mutating func visitDictionary(
        _ node: PlistNode, path: [PathComponent], scope: ProfileScope, platforms: [Platform: ProfilePlatformFacts],
        schema: ProfileSchema, document: PlistDocument
    ) {
        let entries = Array(node.entries)
        dictionaries.append(ProfileDictionary(path: path, node: node, scope: scope, keys: entries.map(\.key)))
        for entry in entries {
            guard let key = entry.key, let value = entry.value else { continue }
            let childPath = path + [.key(key.text)]
            if scope.role == .topLevel, key.text == "PayloadContent", value.kind == .array {
                if let definition = scope.key("PayloadContent") {
                    values.append(ProfileValue(path: childPath, key: key, value: value, definition: definition, platforms: platforms))
                }
                for (i, item) in value.items.enumerated() where item.kind == .dictionary {
                    let itemPath = childPath + [.index(i)]
                    let type = item.value(forKey: "PayloadType")?.trimmedText
                    payloads.append((item, type))
                    guard let payloadScope = ProfileSchemaLookup.scope(ofDictionaryAt: itemPath, in: document, schema: schema) else {
                        continue
                    }
                    visitDictionary(
                        item, path: itemPath, scope: payloadScope, platforms: payloadScope.payload?.platforms ?? [:], schema: schema,
                        document: document)
                }
                continue
            }
            guard let definition = scope.key(key.text) else { continue }
            visitValue(
                value, key: key, path: childPath, definition: definition, payload: scope.payload, inherited: platforms, schema: schema,
                document: document)
        }
    }

    private mutating func visitValue(
        _ value: PlistNode, key: PlistKey?, path: [PathComponent], definition: ProfileKey, payload: ProfilePayload?,
        inherited: [Platform: ProfilePlatformFacts], schema: ProfileSchema, document: PlistDocument
    ) {
        var facts = inherited
        for (platform, own) in definition.platforms { facts[platform] = own.inheriting(inherited[platform] ?? ProfilePlatformFacts()) }
        values.append(ProfileValue(path: path, key: key, value: value, definition: definition, platforms: facts))
        switch value.kind {
        case .dictionary where definition.type == .dictionary && !definition.repeats:
            let scope = ProfileScope(role: .nested, keys: definition.keys, isOpen: definition.isOpen, payload: payload)
            let entries = Array(value.entries)
            dictionaries.append(ProfileDictionary(path: path, node: value, scope: scope, keys: entries.map(\.key)))
            for entry in entries {
                guard let k = entry.key, let v = entry.value, let d = scope.key(k.text) else { continue }
                visitValue(
                    v, key: k, path: path + [.key(k.text)], definition: d, payload: payload, inherited: facts, schema: schema,
                    document: document)
            }
        case .array where definition.type == .array:
            guard let item = definition.item, !definition.repeats else { return }
            for (i, v) in value.items.enumerated() {
                visitValue(
                    v, key: nil, path: path + [.index(i)], definition: item, payload: payload, inherited: facts, schema: schema,
                    document: document)
            }
        default:
            break
        }
    }
}

/// Values that stand for something else and are not judged as written.
enum ProfileValueText {
    /// An MDM variable the server fills in (`$USERNAME`, `%SerialNumber%`, `${DeviceName}`), or a
    /// template's (`{{ name }}`, `@VAR@`, `__HOME__`): the profile as delivered holds another value.
    static func isSubstituted(_ text: String) -> Bool {
        // Asked for most values of a profile on every keystroke: read as bytes, without copies. In
        // ASCII a character is a byte (a CR LF pair, one character, is no part of the marks); beyond
        // it `{{`, `${` and `__` are looked for as characters, since a mark after one makes another.
        var bytes = text
        return bytes.withUTF8 { b in
            let ascii = b.allSatisfy { $0 < 0x80 }
            /// Where the ASCII pair `x` `y` first starts at or after `from`.
            func pair(_ x: UInt8, _ y: UInt8, from: Int = 0) -> Int? {
                var i = from
                while i + 1 < b.count {
                    if b[i] == x && b[i + 1] == y { return i }
                    i += 1
                }
                return nil
            }
            if ascii {
                if pair(0x7B, 0x7B) != nil || pair(0x24, 0x7B) != nil { return true }  // {{ ${
            } else if text.contains("{{") || text.contains("${") {
                return true
            }
            func isName(_ c: UInt8, first: Bool) -> Bool {
                (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || (!first && c >= 0x30 && c <= 0x39)
            }
            /// A name right after `i`, and where it ends.
            func name(from i: Int) -> Int? {
                guard i < b.count, isName(b[i], first: true) else { return nil }
                var j = i + 1
                while j < b.count && isName(b[j], first: false) { j += 1 }
                return j
            }
            for i in b.indices {
                switch b[i] {
                case 0x24:  // $NAME
                    if name(from: i + 1) != nil { return true }
                case 0x25, 0x40:  // %Name%, @NAME@
                    if let end = name(from: i + 1), end < b.count, b[end] == b[i] { return true }
                default: break
                }
            }
            // __HOME__
            if ascii {
                guard let open = pair(0x5F, 0x5F), let close = pair(0x5F, 0x5F, from: open + 2), close > open + 2 else { return false }
                return b[(open + 2)..<close].allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
            }
            if let r = text.firstRange(of: "__"), let close = text[r.upperBound...].firstRange(of: "__"), close.lowerBound > r.upperBound,
                text[r.upperBound..<close.lowerBound].allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" })
            {
                return true
            }
            return false
        }
    }

    /// A placeholder someone meant to replace: `REPLACE-WITH-UUID`, `@@@@RANDOM-UUID-CODE-HERE@@@@`,
    /// `XXXXXXXX-XXXX-…`, `YOUR-UUID-HERE`: what it is, or nil.
    static func placeholder(_ text: String) -> String? {
        // Every string of the profile is asked on every keystroke: an ASCII one (nearly all) that
        // holds none of the words below in any letter case is none, without making its upper-case
        // copy. (Beyond ASCII, upper-casing can make these words, `ı` becoming `I`: asked in full.)
        if !mayHoldPlaceholderWord(text) { return nil }
        let upper = text.uppercased()
        if upper.contains("@@@@") { return "a placeholder between @@@@ marks" }
        if upper.contains("REPLACE-") || upper.contains("REPLACE_") || upper.contains("REPLACEME") || upper.contains("REPLACE ME") {
            return "a \"replace\" placeholder"
        }
        for word in ["YOUR-", "YOUR_", "INSERT-", "INSERT_", "-HERE", "_HERE"] where upper.contains(word) {
            return "a placeholder (\"\(word.lowercased())\")"
        }
        if upper.contains("XXXX"), upper.allSatisfy({ $0 == "X" || $0 == "-" || $0 == " " }) { return "a run of X standing for a value" }
        return nil
    }

    /// Whether `text` is not ASCII, or holds `@@@@`, `REPLACE`, `YOUR`, `INSERT`, `HERE` or `XXXX`
    /// in some letter case: false rules out every placeholder `placeholder(_:)` finds.
    static func mayHoldPlaceholderWord(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            let n = b.count
            guard n >= 4 else { return b.contains { $0 >= 0x80 } }
            /// Whether the ASCII `word` (upper case) starts at `i`, letters compared in either case.
            func at(_ i: Int, _ word: StaticString) -> Bool {
                let w = word.utf8Start
                let m = word.utf8CodeUnitCount
                guard i + m <= n else { return false }
                for j in 0..<m {
                    let c = b[i + j], u = w[j]
                    if c != u && !(u >= 0x41 && u <= 0x5A && c == u | 0x20) { return false }
                }
                return true
            }
            for i in 0..<n {
                switch b[i] {
                case 0x80...: return true
                case 0x40: if at(i, "@@@@") { return true }
                case 0x52, 0x72: if at(i, "REPLACE") { return true }
                case 0x59, 0x79: if at(i, "YOUR") { return true }
                case 0x49, 0x69: if at(i, "INSERT") { return true }
                case 0x48, 0x68: if at(i, "HERE") { return true }
                case 0x58, 0x78: if at(i, "XXXX") { return true }
                default: break
                }
            }
            return false
        }
    }

    /// A UUID in Apple's form (8-4-4-4-12 hexadecimal digits; either letter case).
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy { $0.isHexDigit } }
    }

    /// A fresh random (version 4) UUID in upper case, as `uuidgen` writes it.
    static func freshUUID() -> String {
        var g = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map {
            String($0, radix: 16, uppercase: true).count == 1
                ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true)
        }
        return hex[0..<4].joined() + "-" + hex[4..<6].joined() + "-" + hex[6..<8].joined() + "-" + hex[8..<10].joined() + "-"
            + hex[10..<16].joined()
    }
}

/// How the rules describe a schema fact.
enum ProfileWords {
    static func typeName(_ type: ValueType?) -> String {
        guard let type else { return "any type" }
        switch type {
        case .boolean: return "a Boolean (<true/> or <false/>)"
        case .integer: return "an <integer>"
        case .real: return "a <real>"
        case .string: return "a <string>"
        case .date: return "a <date>"
        case .data: return "<data>"
        case .array: return "an <array>"
        case .dictionary: return "a <dict>"
        }
    }

    static func value(_ v: SchemaValue) -> String { v.text }

    /// "com.apple.dock (Dock)".
    static func payloadName(_ p: ProfilePayload) -> String { "\(p.type) (\(p.title))" }
}

/// Example profiles for the rules' documentation and tests.
enum ProfileExample {
    static let path = "Example.mobileconfig"

    /// A profile whose one payload holds `payload` (lines indented by three tabs), with `top` added to the wrapper.
    static func profile(payload: String, top: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>PayloadContent</key>
        	<array>
        		<dict>
        \(payload)		</dict>
        	</array>
        	<key>PayloadDisplayName</key>
        	<string>Example</string>
        	<key>PayloadIdentifier</key>
        	<string>com.example.profile</string>
        	<key>PayloadType</key>
        	<string>Configuration</string>
        	<key>PayloadUUID</key>
        	<string>5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10</string>
        	<key>PayloadVersion</key>
        	<integer>1</integer>
        \(top)</dict>
        </plist>

        """
    }

    /// The common keys of a payload of `type` (three tabs' indentation), then `body`.
    static func payload(
        _ type: String, _ body: String = "", uuid: String = "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0",
        identifier: String = "com.example.profile.payload"
    ) -> String {
        "\t\t\t<key>PayloadIdentifier</key>\n\t\t\t<string>\(identifier)</string>\n\t\t\t<key>PayloadType</key>\n\t\t\t<string>\(type)</string>\n"
            + "\t\t\t<key>PayloadUUID</key>\n\t\t\t<string>\(uuid)</string>\n\t\t\t<key>PayloadVersion</key>\n\t\t\t<integer>1</integer>\n"
            + body
    }

    static func triggering(_ text: String, fixed: String? = nil) -> RuleExample { .triggering(text, fixed: fixed, path: path) }
    static func nonTriggering(_ text: String) -> RuleExample { .nonTriggering(text, path: path) }
}

extension String {
    /// Every `a` replaced by `b` (for building examples).
    func swapping(_ a: String, _ b: String) -> String { replacing(a, with: b) }
}
