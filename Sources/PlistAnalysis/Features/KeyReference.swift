// A key at a place, named so its documentation can be rendered on completionItem/resolve.
import PlistSchema
import PlistSyntax

/// Names a key at a place, so its documentation can be rendered later (`completionItem/resolve`).
public struct KeyReference: Sendable, Hashable {
    public var name: String
    public var parent: [PathComponent]
    public var domain: PlistDomain
    public init(name: String, parent: [PathComponent], domain: PlistDomain) {
        self.name = name
        self.parent = parent
        self.domain = domain
    }
}
