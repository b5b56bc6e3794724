import PlistSupport

public struct DiagnosticSeverity: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let error = DiagnosticSeverity(rawValue: 1)
    public static let warning = DiagnosticSeverity(rawValue: 2)
    public static let information = DiagnosticSeverity(rawValue: 3)
    public static let hint = DiagnosticSeverity(rawValue: 4)
}

public struct DiagnosticTag: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let unnecessary = DiagnosticTag(rawValue: 1)
    public static let deprecated = DiagnosticTag(rawValue: 2)
}

public struct CodeDescription: Codable, Hashable, Sendable {
    public var href: String
    public init(href: String) { self.href = href }
}

public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    public var location: Location
    public var message: String
    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}

public struct Diagnostic: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var severity: DiagnosticSeverity?
    public var code: IntOrString?
    public var codeDescription: CodeDescription?
    public var source: String?
    public var message: String
    public var tags: [DiagnosticTag]?
    public var relatedInformation: [DiagnosticRelatedInformation]?
    public var data: JSONValue?

    public init(
        range: LSPRange, severity: DiagnosticSeverity? = nil, code: IntOrString? = nil,
        codeDescription: CodeDescription? = nil, source: String? = nil, message: String,
        tags: [DiagnosticTag]? = nil, relatedInformation: [DiagnosticRelatedInformation]? = nil,
        data: JSONValue? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.source = source
        self.message = message
        self.tags = tags
        self.relatedInformation = relatedInformation
        self.data = data
    }
}
