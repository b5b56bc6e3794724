// libxml2 as the reference XML parser: well-formedness verdicts and a SAX baseline, never any I/O.
#if canImport(CLibXML2)
internal import CLibXML2

/// libxml2 wrapped as the reference our own parser is measured against, in tests and benchmarks.
///
/// Safety: entities are never substituted, no DTD is loaded, the network is off, and a process-wide
/// entity loader refuses every external load (recording it), so parsing hostile input cannot read
/// a file or open a connection. Calls are serialised on one lock; they are safe from any thread.
public enum XMLReference {
    /// Whether libxml2 was found when the package was built (its headers and pkg-config).
    public static let isAvailable = true

    /// The options of `check`: no network, diagnostics only through the structured channel.
    /// Deliberately absent: NOENT, DTDLOAD, DTDATTR, DTDVALID, XINCLUDE, HUGE.
    public static let parseOptions: Int32 = Int32(
        bitPattern:
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// The libxml2 version linked at run time, e.g. "20914".
    public static var libraryVersion: String {
        _ = LibXML2Runtime.shared
        return __xmlParserVersion()?.pointee.map { String(cString: $0) } ?? "unknown"
    }

    /// Every external load libxml2 requested since the process started (all refused).
    public static var refusedLoadRequests: [ExternalLoadRequest] {
        LibXML2Runtime.shared.allRefusedLoads
    }

    /// Parses `bytes` with a fresh parser context and returns libxml2's verdict and diagnostics.
    ///
    /// - Parameter risky: options to add to `parseOptions`; only security tests pass any, to show
    ///   that even then no external resource is loaded (see `RiskyParseOptions`).
    public static func check(_ bytes: [UInt8], alsoEnabling risky: RiskyParseOptions = []) -> Verdict {
        precondition(bytes.count < Int(Int32.max), "libxml2 takes an Int32 length")
        let session = ParseSession()
        let wellFormed = LibXML2Runtime.shared.withParser(session) { sessionPointer -> Bool in
            guard let ctxt = xmlNewParserCtxt() else { preconditionFailure("libxml2: out of memory") }
            defer { xmlFreeParserCtxt(ctxt) }
            ctxt.pointee._private = sessionPointer
            // Parser diagnostics arrive on the context's own channel (data = ctxt->userData = ctxt);
            // the per-thread channel catches the few raised without a context (I/O, encoding).
            ctxt.pointee.sax.pointee.serror = collectingErrorHandler
            xmlSetStructuredErrorFunc(UnsafeMutableRawPointer(ctxt), collectingErrorHandler)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            let doc = withBaseAddress(bytes) { base, count in
                xmlCtxtReadMemory(ctxt, base, count, nil, nil, parseOptions | risky.rawValue)
            }
            let wellFormed = ctxt.pointee.wellFormed != 0
            if let doc { xmlFreeDoc(doc) }
            return wellFormed
        }
        return Verdict(wellFormed: wellFormed, errors: session.errors, externalLoadRequests: session.loadRequests)
    }

    /// A SAX2 pass over `bytes` that builds nothing and only counts: the fair libxml2 baseline.
    ///
    /// The handler starts as libxml2's SAX2 defaults (`xmlSAXVersion(&h, 2)`), so the DOCTYPE and
    /// entity declarations are handled exactly as in `check`, then every callback that would build
    /// tree nodes (elements, text, CDATA, comments, PIs, references) is replaced by a counter or
    /// removed. Only the empty document node of `xmlSAX2StartDocument` is allocated.
    public static func saxParse(_ bytes: [UInt8]) -> SAXCounts {
        precondition(bytes.count < Int(Int32.max), "libxml2 takes an Int32 length")
        guard !bytes.isEmpty else { return SAXCounts() }
        let session = ParseSession()
        session.counts.wellFormed = runSAX(bytes, session, callbacks: installCountingCallbacks)
        var counts = session.counts
        counts.errorCount = session.errors.count
        counts.externalLoadRequests = session.loadRequests
        return counts
    }
}

extension XMLReference {
    /// The elements and character data libxml2 reads in `bytes`, in document order, or nil when
    /// the document is not well-formed. The same options and refusing entity loader as `check`.
    public static func contentEvents(_ bytes: [UInt8]) -> [XMLContentEvent]? {
        precondition(bytes.count < Int(Int32.max), "libxml2 takes an Int32 length")
        guard !bytes.isEmpty else { return nil }
        let session = ParseSession()
        return runSAX(bytes, session, callbacks: installRecordingCallbacks) ? session.events : nil
    }

    /// Parses `bytes` with libxml2's SAX2 parser, `callbacks` replacing the tree-building ones,
    /// the session reached from the context; whether the document is well-formed.
    private static func runSAX(
        _ bytes: [UInt8], _ session: ParseSession,
        callbacks: (UnsafeMutablePointer<xmlSAXHandler>) -> Void
    ) -> Bool {
        var wellFormed = false
        LibXML2Runtime.shared.withParser(session) { sessionPointer in
            let ctxt = withBaseAddress(bytes) { base, count in xmlCreateMemoryParserCtxt(base, count) }
            guard let ctxt else { preconditionFailure("libxml2: out of memory") }
            defer { xmlFreeParserCtxt(ctxt) }
            xmlSAXVersion(ctxt.pointee.sax, 2)
            callbacks(ctxt.pointee.sax)
            ctxt.pointee._private = sessionPointer
            xmlCtxtUseOptions(ctxt, parseOptions)
            xmlParseDocument(ctxt)
            wellFormed = ctxt.pointee.wellFormed != 0
            if let doc = ctxt.pointee.myDoc {
                xmlFreeDoc(doc)
                ctxt.pointee.myDoc = nil
            }
        }
        return wellFormed
    }
}

/// Replaces the tree-building callbacks of a SAX2 handler by recorders (see `contentEvents`).
private func installRecordingCallbacks(_ handler: UnsafeMutablePointer<xmlSAXHandler>) {
    handler.pointee.startElementNs = { data, name, _, _, _, _, _, _, _ in
        withSession(ofContext: data) { $0.events.append(.start(name.map { String(cString: $0) } ?? "")) }
    }
    handler.pointee.endElementNs = { data, _, _, _ in
        withSession(ofContext: data) { $0.events.append(.end) }
    }
    let characters: charactersSAXFunc = { data, bytes, length in
        withSession(ofContext: data) { session in
            guard let bytes, length > 0 else { return }
            session.events.append(.text(Array(UnsafeBufferPointer(start: bytes, count: Int(length)))))
        }
    }
    handler.pointee.characters = characters
    handler.pointee.ignorableWhitespace = characters
    handler.pointee.cdataBlock = characters
    handler.pointee.comment = nil
    handler.pointee.processingInstruction = nil
    handler.pointee.reference = nil
    handler.pointee.serror = collectingErrorHandler
}

/// Calls `body` with a C view of `bytes`; an empty array still gets a valid (unused) pointer.
private func withBaseAddress<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>, Int32) -> T) -> T {
    bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else {
            return withUnsafePointer(to: CChar(0)) { body($0, 0) }
        }
        return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0, Int32(buffer.count)) }
    }
}

/// Structured error callback: `data` is always a parser context we created (`ctxt->userData`).
private let collectingErrorHandler: xmlStructuredErrorFunc = { data, error in
    guard let error else { return }
    session(ofContext: data)?.errors.append(makeXMLError(error))
}

/// The session of the parse whose context is `data` (SAX callbacks get `ctxt->userData == ctxt`).
@inline(__always)
private func session(ofContext data: UnsafeMutableRawPointer?) -> ParseSession? {
    guard let raw = data?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
    return Unmanaged<ParseSession>.fromOpaque(raw).takeUnretainedValue()
}

/// Calls `body` with the session of the parse whose context is `data`, without retaining it: the
/// parse holds it, and a retain and a release per SAX callback made libxml2's side of the parse
/// benchmark about a fifth slower than libxml2 itself is.
@inline(__always)
private func withSession(ofContext data: UnsafeMutableRawPointer?, _ body: (ParseSession) -> Void) {
    guard let raw = data?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
    Unmanaged<ParseSession>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
}

/// Replaces the tree-building callbacks of a SAX2 handler by counters (see `saxParse`).
private func installCountingCallbacks(_ handler: UnsafeMutablePointer<xmlSAXHandler>) {
    handler.pointee.startElementNs = { data, _, _, _, _, _, attributeCount, _, _ in
        withSession(ofContext: data) { session in
            session.counts.elements += 1
            session.counts.attributes += Int(attributeCount)
        }
    }
    handler.pointee.endElementNs = { data, _, _, _ in
        withSession(ofContext: data) { $0.counts.endElements += 1 }
    }
    let characters: charactersSAXFunc = { data, _, length in
        withSession(ofContext: data) { $0.counts.characterBytes += Int(length) }
    }
    handler.pointee.characters = characters
    handler.pointee.ignorableWhitespace = characters
    handler.pointee.cdataBlock = characters
    handler.pointee.comment = nil
    handler.pointee.processingInstruction = nil
    handler.pointee.reference = nil
    handler.pointee.serror = collectingErrorHandler
}

/// libxml2 options that `check` leaves off because they make parsing load or expand things.
/// Only security tests turn them on, to prove the refusing entity loader holds even then.
public struct RiskyParseOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `XML_PARSE_NOENT`: substitute entities (internal and external) in content.
    public static let substituteEntities = RiskyParseOptions(rawValue: Int32(XML_PARSE_NOENT.rawValue))
    /// `XML_PARSE_DTDLOAD`: load the external DTD subset.
    public static let loadExternalDTD = RiskyParseOptions(rawValue: Int32(XML_PARSE_DTDLOAD.rawValue))
    /// `XML_PARSE_DTDATTR`: add default attributes from the DTD.
    public static let defaultDTDAttributes = RiskyParseOptions(rawValue: Int32(XML_PARSE_DTDATTR.rawValue))
    /// `XML_PARSE_DTDVALID`: validate against the DTD (implies loading it).
    public static let validate = RiskyParseOptions(rawValue: Int32(XML_PARSE_DTDVALID.rawValue))
}
#endif
