// l10n-xcode-name: a translation keyed by Xcode's display name of a key, which the system never looks up.
import PlistSchema
import PlistSyntax

public struct DisplayNameKeyRule: Rule {
    public let id = "l10n-xcode-name"
    public let title = "A translation keyed by Xcode's display name instead of the raw key"
    public let rationale = """
        Xcode's property-list editor shows `NSCameraUsageDescription` as "Privacy - Camera Usage \
        Description", and String Catalogs filled from build settings may hold \
        `Privacy._.Camera.Usage.Description`. The system looks translations up by the raw key \
        only, so an entry under the display name is never read and every locale sees the \
        development-language text. The fix renames the entry to the raw key.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { FileKind.translationKinds }
    public let defaultSeverity = Finding.Severity.error
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                ↓"Privacy - Camera Usage Description" = "Kamera für Codes";

                """,
                fixed: """
                    "NSCameraUsageDescription" = "Kamera für Codes";

                    """, path: "de.lproj/InfoPlist.strings"),
            .triggering(
                """
                ↓"Privacy._.Camera.Usage.Description" = "Kamera für Codes";

                """,
                fixed: """
                    "NSCameraUsageDescription" = "Kamera für Codes";

                    """, path: "de.lproj/InfoPlist.strings"),
            .nonTriggering("\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n", path: "de.lproj/InfoPlist.strings"),
        ]
    }

    public init() {}

    /// Xcode display names (letters and digits only, lowercased) → raw key, for the keys the
    /// database gives one.
    static let byFoldedName: [String: String] = {
        var out: [String: String] = [:]
        for d in KeyDatabase.shared.definitions where d.domain == .infoPlist {
            if let x = d.xcodeName, x != d.name { out[fold(x)] = out[fold(x)] ?? d.name }
        }
        return out
    }()

    static func fold(_ s: String) -> String {
        // ASCII (nearly every key): on the bytes, without a lower-cased copy (a table of 100,000
        // keys folds each of them on every keystroke).
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            for b in s.utf8 {
                if b >= 0x61 && b <= 0x7A || b >= 0x30 && b <= 0x39 {
                    out.append(b)
                } else if b >= 0x41 && b <= 0x5A {
                    out.append(b + 0x20)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return String(s.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }

    /// FNV-1a digests of the folded display names: an ASCII key whose folded digest is not among
    /// them is no display name, found without making its folded text.
    static let foldedDigests: Set<UInt64> = Set(byFoldedName.keys.map { digest(ofFolded: $0.utf8) })

    static func digest(ofFolded bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            let c: UInt8
            if b >= 0x61 && b <= 0x7A || b >= 0x30 && b <= 0x39 { c = b } else if b >= 0x41 && b <= 0x5A { c = b + 0x20 } else { continue }
            hash = (hash ^ UInt64(c)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The raw key `key` is a display name of, if it is one (a raw key is never one).
    public static func rawKey(forDisplayName key: String) -> String? {
        guard key.contains(" ") || key.contains(".") else { return nil }
        if key.utf8.allSatisfy({ $0 < 0x80 }), !foldedDigests.contains(digest(ofFolded: key.utf8)) { return nil }
        return byFoldedName[fold(key)]
    }

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        for (key, range) in context.keys {
            guard let raw = Self.rawKey(forDisplayName: key) else { continue }
            let fix = Fix(title: "Rename to \(raw)", edits: [SourceEdit(range: range, replacement: "\"\(raw)\"")], isPreferred: true)
            out.append(
                diagnostic(
                    "'\(key)' is Xcode's display name of \(raw); the system looks translations up by the raw key \(raw) only, so this one is never shown",
                    range, fixes: [fix]))
        }
    }
}
