// How a binary property list (or a signed configuration profile) is analysed: as the XML text
// `convert --to xml1` writes for it. The server's workspace reports and `check` read it here.
import PlistFormats
import PlistSyntax

/// The XML form of a file that is a binary plist or a signed profile, read once.
public struct BinaryFormOfFile: Sendable {
    /// The XML form of a binary plist that reads; nil for any other file (or one that does not read).
    public let xml: [UInt8]?
    /// Why a binary plist does not read.
    public let problem: PropertyListFormatError?
    /// A signed configuration profile (CMS): `xml` is the plist it signs, which is checked but never
    /// written back (docs/profiles.md).
    public private(set) var signed = false
    /// Why a signed profile's plist could not be read.
    public private(set) var signedProblem: String?

    public init(_ bytes: [UInt8]) {
        if SignedProfile.isSignedProfile(bytes) {
            signed = true
            problem = nil
            do {
                let content = try SignedProfile.content(of: bytes)
                xml =
                    BinaryPlistReader.isBinaryPropertyList(content)
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
    public func explaining(_ findings: [Finding]) -> [Finding] {
        if signed, let signedProblem {
            return [
                Finding(
                    code: "profile-signed-unreadable", severity: .error,
                    message: "a signed configuration profile whose plist cannot be read: \(signedProblem)", range: 0..<0)
            ]
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

    /// Whether the file was a binary plist or a signed profile (read or not).
    public var isBinary: Bool { signed || xml != nil || problem != nil }
}
