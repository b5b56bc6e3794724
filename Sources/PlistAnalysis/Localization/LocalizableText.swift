// What of an Info.plist a translation can replace: the localizable keys at its top level (purpose
// strings, display and bundle names, copyright…) and the texts nested in it that a strings table
// translates by value (document type names, shortcut titles, exported type descriptions, service
// menu titles). Pure: the document and the key database in, plain values out.
import PlistSchema
import PlistSyntax

/// One text of an Info.plist a strings table or catalog can translate.
public struct LocalizableText: Sendable, Hashable {
    /// The key it is translated under: the Info.plist key for a top-level text, the text itself for a
    /// nested one (`"JPEG Image" = "Image JPEG";`).
    public let stringsKey: String
    /// The Info.plist key that holds it (`NSCameraUsageDescription`, `CFBundleTypeName`).
    public let plistKey: String
    /// Where a finding about it goes: the key's text for a top-level key, the value for a nested text.
    public let range: Range<Int>
    /// The development-language text (the value in the Info.plist).
    public let baseValue: String
    /// A purpose string: every shipped locale must translate it. The other texts need a translation
    /// in every locale once one locale translates them.
    public let isPurposeString: Bool
}

public enum LocalizableTexts {
    /// Nested texts translated by value: the array key, and the key inside each item (a path for
    /// `NSMenuItem` › `default`).
    static let nested: [(array: String, path: [String])] = [
        ("CFBundleDocumentTypes", ["CFBundleTypeName"]),
        ("UTExportedTypeDeclarations", ["UTTypeDescription"]),
        ("UTImportedTypeDeclarations", ["UTTypeDescription"]),
        ("UIApplicationShortcutItems", ["UIApplicationShortcutItemTitle"]),
        ("UIApplicationShortcutItems", ["UIApplicationShortcutItemSubtitle"]),
        ("NSServices", ["NSMenuItem", "default"]),
    ]

    /// Whether `key` names a purpose string.
    public static func isPurposeString(_ key: String) -> Bool { key.hasSuffix("UsageDescription") }

    /// Whether a top-level Info.plist key is read through the strings table.
    public static func isLocalizable(_ key: String, schema: KeyDatabase = .shared) -> Bool {
        if isPurposeString(key) { return true }
        return schema.definition(for: key, at: [])?.localizable ?? false
    }

    /// The translatable texts of `document`, in document order.
    public static func of(_ document: PlistDocument, schema: KeyDatabase = .shared) -> [LocalizableText] {
        guard let root = document.root, root.kind == .dictionary else { return [] }
        var out: [LocalizableText] = []
        for entry in root.entries {
            guard let key = entry.key, let value = entry.value else { continue }
            if value.kind == .string, isLocalizable(key.text, schema: schema) {
                out.append(
                    LocalizableText(
                        stringsKey: key.text, plistKey: key.text, range: key.textRange, baseValue: value.text ?? "",
                        isPurposeString: isPurposeString(key.text)))
            }
            for (array, path) in nested where array == key.text && value.kind == .array {
                for item in value.items {
                    var node: PlistNode? = item
                    for component in path { node = node?.kind == .dictionary ? node?.value(forKey: component) : nil }
                    guard let node, node.kind == .string, let text = node.text, !text.isEmpty else { continue }
                    out.append(
                        LocalizableText(
                            stringsKey: text, plistKey: path.last!, range: node.element.contentRange, baseValue: text,
                            isPurposeString: false))
                }
            }
        }
        return out
    }
}

extension LocalizableTexts {
    /// Every key and every string value of `document`, at any depth, with the string values of
    /// each key (a walk with its own stack): what a translation may be looked up by. Automator
    /// actions, Quick Look and Spotlight plug-ins translate keys nested in dictionaries.
    /// Keys and strings compare by their exact scalars, as the system looks a translation up.
    public static func keysAndStrings(_ document: PlistDocument) -> (keys: [ExactText: String], strings: Set<ExactText>) {
        var keys: [ExactText: String] = [:]
        var strings: Set<ExactText> = []
        guard let root = document.root else { return (keys, strings) }
        var stack: [PlistNode] = [root]
        while let node = stack.popLast() {
            switch node.kind {
            case .dictionary:
                for entry in node.entries {
                    guard let key = entry.key else { continue }
                    let name = ExactText(key.text)
                    if keys[name] == nil || keys[name] == "" {
                        keys[name] = entry.value.flatMap { $0.kind == .string ? $0.text : nil } ?? ""
                    }
                    if let value = entry.value { stack.append(value) }
                }
            case .array: stack.append(contentsOf: node.items)
            case .string: if let t = node.text { strings.insert(ExactText(t)) }
            default: break
            }
        }
        return (keys, strings)
    }
}

/// Locale names as folders and projects write them, compared the way the system matches them.
public enum LocaleName {
    /// The legacy English names old Mac projects use for their folders.
    static let legacy: [String: String] = [
        "English": "en", "Japanese": "ja", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it", "Dutch": "nl",
        "Swedish": "sv", "Danish": "da", "Norwegian": "no", "Finnish": "fi", "Portuguese": "pt", "Russian": "ru", "Polish": "pl",
        "Korean": "ko", "Chinese": "zh",
    ]

    /// `English` → `en`, `pt_BR` → `pt-br`, `zh-Hans` → `zh-hans`: one spelling per locale.
    public static func canonical(_ name: String) -> String {
        if let code = legacy[name] { return code }
        // On the UTF-8 bytes: locale names are ASCII, and this runs for every locale of every table.
        var bytes = Array(name.utf8)
        for i in bytes.indices {
            if bytes[i] == UInt8(ascii: "_") {
                bytes[i] = UInt8(ascii: "-")
            } else if bytes[i] >= 0x41 && bytes[i] <= 0x5A {
                bytes[i] += 0x20
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
