// Values whose JSON is also written by hand: the `initialize` answer's types, whose first encoding
// is on the start-up's critical path (docs/performance.md, "Sixth round").
import PlistSupport

/// A value with a hand-written JSON form, `json`, equal to what `JSONCoding.encoder()` makes of it
/// (`InitializeAnswerTests` holds the two to each other over random capability sets, and
/// `LifecycleTests` the answers on the wire). Absent optional members are left out, as `Codable`
/// leaves them out.
///
/// Why: a `Codable` encoder's first use of a type instantiates its generic metadata (containers,
/// boxes, coding keys) and faults in their code, about 0.7 ms for the `initialize` answer, which
/// the client waits for before anything else. Building a `JSONValue` and writing its bytes
/// (`MessageEncoder.response(id:json:)`) needs hardly any generic metadata that reading the
/// request has not made already (one dictionary type, for `object(omittingNil:)`).
public protocol JSONRepresentable {
    var json: JSONValue { get }
}

extension JSONValue: JSONRepresentable {
    public var json: JSONValue { self }
}

extension Bool: JSONRepresentable {
    public var json: JSONValue { .bool(self) }
}

extension Int: JSONRepresentable {
    public var json: JSONValue { .int(self) }
}

extension String: JSONRepresentable {
    public var json: JSONValue { .string(self) }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
    public var json: JSONValue { .array(map { $0.json }) }
}

extension RawRepresentable where Self: JSONRepresentable, RawValue: JSONRepresentable {
    public var json: JSONValue { rawValue.json }
}

extension JSONValue {
    /// An object of those of `members` that are not nil: an absent optional member is left out,
    /// as `Codable` leaves it out.
    static func object(omittingNil members: [String: JSONValue?]) -> JSONValue {
        .object(members.compactMapValues { $0 })
    }
}
