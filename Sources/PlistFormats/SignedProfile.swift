// A signed configuration profile: a CMS (PKCS #7) SignedData structure in DER or BER whose
// encapsulated content is the profile's property list. Only what is needed to reach that content is
// parsed, every length checked against the bytes there are; the signature is not verified.

/// The property list inside a signed configuration profile.
public enum SignedProfile {
    /// Why a signed profile's content could not be read.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Whether `bytes` start as a signed profile does: a DER/BER SEQUENCE (`30 80` or `30 8x`)
    /// whose first element is the SignedData object identifier.
    public static func isSignedProfile(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 16, bytes[0] == 0x30, bytes[1] == 0x80 || (bytes[1] >= 0x81 && bytes[1] <= 0x84) else { return false }
        let headerEnd = bytes[1] == 0x80 ? 2 : 2 + Int(bytes[1] & 0x7F)
        return bytes.count >= headerEnd + signedDataOID.count && Array(bytes[headerEnd..<headerEnd + signedDataOID.count]) == signedDataOID
    }

    /// The encapsulated content (the profile's plist bytes).
    public static func content(of bytes: [UInt8]) throws(ReadError) -> [UInt8] {
        guard isSignedProfile(bytes) else { throw ReadError("not a CMS SignedData structure") }
        let reader = Reader(bytes: bytes)
        let contentInfo = try reader.element(at: 0, depth: 0)
        let info = try reader.children(of: contentInfo, depth: 1)
        guard info.count >= 2, info[1].tag == 0xA0 else { throw ReadError("ContentInfo has no content") }
        let wrapper = try reader.children(of: info[1], depth: 2)
        guard let signedData = wrapper.first, signedData.tag == 0x30 else { throw ReadError("no SignedData sequence") }
        let fields = try reader.children(of: signedData, depth: 3)
        guard fields.count >= 3, fields[2].tag == 0x30 else { throw ReadError("SignedData has no encapsulated content") }
        let encapsulated = try reader.children(of: fields[2], depth: 4)
        guard encapsulated.count >= 1, encapsulated[0].tag == 0x06,
            Array(bytes[encapsulated[0].content]) == dataOID.dropFirst(2).map({ $0 })
        else {
            throw ReadError("the encapsulated content is not data")
        }
        guard encapsulated.count >= 2, encapsulated[1].tag == 0xA0 else {
            throw ReadError("the signed profile has no content (a detached signature)")
        }
        let octets = try reader.children(of: encapsulated[1], depth: 5)
        guard let string = octets.first else { throw ReadError("empty content") }
        var out: [UInt8] = []
        try reader.octets(of: string, into: &out, depth: 6)
        return out
    }

    /// `06 09` 1.2.840.113549.1.7.2 (signedData).
    static let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    /// `06 09` 1.2.840.113549.1.7.1 (data).
    static let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]

    struct Element {
        let tag: UInt8
        /// The content's bytes (for an indefinite length: up to the end-of-contents marker).
        let content: Range<Int>
        /// Where the element ends (after its end-of-contents marker when indefinite).
        let end: Int
        let indefinite: Bool
    }

    struct Reader {
        let bytes: [UInt8]
        static let maximumDepth = 32

        func element(at start: Int, depth: Int) throws(ReadError) -> Element {
            guard depth <= Self.maximumDepth else { throw ReadError("nested too deeply") }
            guard start + 2 <= bytes.count else { throw ReadError("truncated at byte \(start)") }
            let tag = bytes[start]
            var i = start + 1
            if tag & 0x1F == 0x1F {
                // A high tag number: its bytes run while the top bit is set.
                while i < bytes.count && bytes[i] & 0x80 != 0 { i += 1 }
                i += 1
                guard i < bytes.count else { throw ReadError("truncated tag at byte \(start)") }
            }
            let first = bytes[i]
            i += 1
            if first == 0x80 {
                guard tag & 0x20 != 0 else { throw ReadError("indefinite length on a primitive element at byte \(start)") }
                var child = i
                while true {
                    guard child + 2 <= bytes.count else { throw ReadError("missing end-of-contents for the element at byte \(start)") }
                    if bytes[child] == 0 && bytes[child + 1] == 0 {
                        return Element(tag: tag, content: i..<child, end: child + 2, indefinite: true)
                    }
                    child = try element(at: child, depth: depth + 1).end
                }
            }
            var length = 0
            if first & 0x80 == 0 {
                length = Int(first)
            } else {
                let count = Int(first & 0x7F)
                guard count <= 4, i + count <= bytes.count else { throw ReadError("bad length at byte \(start)") }
                for b in bytes[i..<i + count] { length = length << 8 | Int(b) }
                i += count
            }
            guard length <= bytes.count - i else { throw ReadError("the element at byte \(start) runs past the end of the file") }
            return Element(tag: tag, content: i..<i + length, end: i + length, indefinite: false)
        }

        func children(of parent: Element, depth: Int) throws(ReadError) -> [Element] {
            var out: [Element] = []
            var i = parent.content.lowerBound
            while i < parent.content.upperBound {
                let child = try element(at: i, depth: depth + 1)
                guard child.end <= parent.content.upperBound, child.end > i else {
                    throw ReadError("an element overruns its parent at byte \(i)")
                }
                out.append(child)
                i = child.end
            }
            return out
        }

        /// An OCTET STRING's bytes: primitive (`04`), or constructed of pieces (`24`, BER).
        func octets(of element: Element, into out: inout [UInt8], depth: Int) throws(ReadError) {
            switch element.tag {
            case 0x04: out += bytes[element.content]
            case 0x24: for piece in try children(of: element, depth: depth) { try octets(of: piece, into: &out, depth: depth + 1) }
            default: throw ReadError("the content is not an OCTET STRING")
            }
        }
    }
}
