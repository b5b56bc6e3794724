// A `Decoder` over a parsed `JSONValue`: `Decodable` types read from what `JSONReader` made,
// without Foundation's `JSONDecoder` (which held four times a large message while decoding it,
// and costs its set-up on the first message).

/// Decodes `Decodable` values from a `JSONValue`, as `JSONDecoder` does from JSON text: the same
/// containers and the same errors (`DecodingError` with the coding path). Numbers convert when
/// the value fits exactly (`1.0` reads as an `Int`, `1` as a `Double`; `1.5` is no `Int`); a
/// `JSONValue` member is handed over with its integral numbers as `.int`, as `JSONValue`'s own
/// `Decodable` conformance reads them from `JSONDecoder` (`2.0` is `.int(2)`).
public struct JSONValueDecoder {
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoding(value, path: [], userInfo: userInfo).decode(type)
    }
}

/// One value being decoded, at `codingPath`.
private struct ValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(_ value: JSONValue, path: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        codingPath = path
        self.userInfo = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(KeyedValues<Key>(object: object, decoding: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = value else { throw mismatch([JSONValue].self) }
        return UnkeyedValues(array: array, decoding: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(value.kindName) instead."))
    }

    /// The value below this one at `key`.
    func child(_ value: JSONValue, _ key: any CodingKey) -> ValueDecoding {
        ValueDecoding(value, path: codingPath + [key], userInfo: userInfo)
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        switch value {
        case .int(let v):
            if let exact = I(exactly: v) { return exact }
        case .double(let v):
            if let exact = I(exactly: v) { return exact }
        default:
            throw mismatch(type)
        }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Number \(value) does not fit in \(type)."))
    }
}

extension ValueDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let v) = value else { throw mismatch(type) }
        return v
    }
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let v) = value else { throw mismatch(type) }
        return v
    }
    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let v): return v
        case .int(let v): return Double(v)
        default: throw mismatch(type)
        }
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == JSONValue.self { return value.withIntegralNumbersAsIntegers as! T }
        return try T(from: self)
    }
}

private struct KeyedValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: JSONValue]
    let decoding: ValueDecoding
    var codingPath: [any CodingKey] { decoding.codingPath }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func member(_ key: Key) throws -> ValueDecoding {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return decoding.child(value, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try member(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoding.child(object["super"] ?? .null, SuperKey()) }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoding.child(object[key.stringValue] ?? .null, key) }
}

/// The key `superDecoder()` reads, as `JSONDecoder` names it.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// The index of an array item in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedValues: UnkeyedDecodingContainer {
    let array: [JSONValue]
    let decoding: ValueDecoding
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoding.codingPath }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    init(array: [JSONValue], decoding: ValueDecoding) {
        self.array = array
        self.decoding = decoding
    }

    /// The next item, and the reading position past it.
    mutating func next(_ type: Any.Type) throws -> ValueDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return decoding.child(array[currentIndex], IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        if array[currentIndex] == .null {
            currentIndex += 1
            return true
        }
        return false
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: JSONValue].self).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next([JSONValue].self).unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next(JSONValue.self) }
}

extension JSONValue {
    /// The value with every number that is an integer (`2.0`, `1e2`) as `.int`.
    var withIntegralNumbersAsIntegers: JSONValue {
        switch self {
        case .double(let v): return Int(exactly: v).map(JSONValue.int) ?? self
        case .array(let items): return .array(items.map(\.withIntegralNumbersAsIntegers))
        case .object(let members): return .object(members.mapValues(\.withIntegralNumbersAsIntegers))
        case .null, .bool, .int, .string: return self
        }
    }
}
