// How `check` reads a binary property list: as the XML text `convert --to xml1` writes for it,
// its problems placed by key path; `--fix` writes the fixed XML back as binary.
import PlistAnalysis
import PlistFormats
import PlistSyntax

struct BinaryFormOfFile {
    /// The XML form of a binary plist that reads; nil for any other file (or one that does not read).
    let xml: [UInt8]?
    /// Why a binary plist does not read.
    let problem: PropertyListFormatError?
    /// A signed configuration profile (CMS): `xml` is the plist it signs, which is checked but never
    /// written back (docs/profiles.md).
    var signed = false
    /// Why a signed profile's plist could not be read.
    var signedProblem: String?

    init(_ bytes: [UInt8]) {
        if SignedProfile.isSignedProfile(bytes) {
            signed = true
            problem = nil
            do {
                let content = try SignedProfile.content(of: bytes)
                xml = BinaryPlistReader.isBinaryPropertyList(content)
                    ? try? PropertyListFormat.xmlText(ofBinary: content, maximumSize: PropertyListFormat.maximumCheckedSize) : content
                if xml == nil { signedProblem = "its signed content is a binary property list that does not read" }
            } catch {
                xml = nil
                signedProblem = error.description
            }
            return
        }
        guard BinaryPlistReader.isBinaryPropertyList(bytes) else { (xml, problem) = (nil, nil); return }
        do {
            xml = try PropertyListFormat.xmlText(ofBinary: bytes, maximumSize: PropertyListFormat.maximumCheckedSize)
            problem = nil
        } catch {
            xml = nil
            problem = error
        }
    }

    /// The findings, `file-binary-plist` saying why the file does not read; a character XML 1.0
    /// forbids, which the XML form writes as a reference (`&#27;`), is the binary file's value, not a problem.
    func explaining(_ findings: [Finding]) -> [Finding] {
        if signed, let signedProblem {
            return [Finding(code: "profile-signed-unreadable", severity: .error,
                            message: "a signed configuration profile whose plist cannot be read: \(signedProblem)", range: 0..<0)]
        }
        if xml != nil { return findings.filter { $0.code != SyntaxProblem.Code.xmlForbiddenCharacterReference.rawValue } }
        guard let problem else { return findings }
        return findings.map { f in
            guard f.code == SourceDecodingError.binaryPropertyList.code else { return f }
            var f = f
            f.message = "binary property list (bplist) that cannot be read: \(problem)"
            return f
        }
    }

    /// The fixed XML form as binary again.
    static func encode(_ xml: [UInt8]) throws -> [UInt8] {
        BinaryPlistWriter.write(try PropertyListObject.from(PlistDocument(text: xml)))
    }

    /// The key path of what `range` is about: the key or value it starts at (or just after a
    /// tag's `<`), else the container around it; `(root)` for the file as a whole.
    static func keyPath(of range: Range<Int>, in document: PlistDocument) -> String {
        var fallback: [PathComponent]?
        for offset in range.lowerBound...(range.lowerBound + 48) {
            let context = document.context(at: offset)
            switch context.place {
            case .key(let dictionary, let entryIndex):
                return KeyPathText.join((context.path + [dictionary.entries[entryIndex].key.map { .key($0.text) }].compactMap { $0 }).map(\.description))
            case .value:
                return KeyPathText.join(context.path.map(\.description))
            default:
                if fallback == nil { fallback = context.path }
            }
            if offset >= range.upperBound && offset > range.lowerBound + 8 { break }
        }
        return KeyPathText.join((fallback ?? []).map(\.description))
    }
}
