// The open documents of one session: their current snapshots and the ids that name them.
import LanguageServerProtocol
import PlistSyntax
import PlistSupport

/// Owns the open documents of a session: the current `DocumentSnapshot` of each, and the
/// numbering of snapshots (`DocumentSnapshot.id`, unique within the session).
///
/// Only the message loop changes documents (`open`, `apply`, `close`), in arrival order;
/// request tasks read snapshots from any thread. Parsing and reparsing happen outside the lock.
final class DocumentStore: Sendable {
    private struct State {
        var documents: [DocumentURI: DocumentSnapshot] = [:]
        var nextSnapshotID = 1
    }

    private let state = Locked(State())

    /// The current snapshot of an open document.
    func snapshot(of uri: DocumentURI) -> DocumentSnapshot? {
        state.withLock { $0.documents[uri] }
    }

    /// The current snapshots of every open document.
    var snapshots: [DocumentSnapshot] {
        state.withLock { Array($0.documents.values) }
    }

    /// Whether `snapshot` is the current version of an open document.
    func isCurrent(_ snapshot: DocumentSnapshot) -> Bool {
        state.withLock { $0.documents[snapshot.uri]?.id == snapshot.id }
    }

    /// `didOpen`: the document's first snapshot, and whether it was already open (its text is
    /// then replaced).
    func open(_ item: TextDocumentItem, encoding: PositionEncoding) -> (snapshot: DocumentSnapshot, reopened: Bool) {
        let tree = DocumentSnapshot.firstTree(uri: item.uri, text: item.text)
        return state.withLock { state in
            let snapshot = DocumentSnapshot(
                uri: item.uri, version: item.version, languageID: item.languageId, tree: tree,
                encoding: encoding, id: state.nextSnapshotID)
            state.nextSnapshotID += 1
            let reopened = state.documents.updateValue(snapshot, forKey: item.uri) != nil
            return (snapshot, reopened)
        }
    }

    /// `didChange`: applies `changes` to `current` (see `DocumentSnapshot.applying`) and makes the
    /// result the document's snapshot. Returns it with one message per clamped change.
    func apply(
        _ changes: [TextDocumentContentChangeEvent], version: Int, to current: DocumentSnapshot
    )
        -> (snapshot: DocumentSnapshot, clamped: [String])
    {
        let id = state.withLock { state -> Int in
            defer { state.nextSnapshotID += 1 }
            return state.nextSnapshotID
        }
        let (snapshot, clamped) = current.applying(changes, version: version, id: id)
        state.withLock { $0.documents[current.uri] = snapshot }
        return (snapshot, clamped)
    }

    /// `didClose`: forgets the document. Returns its last snapshot, nil if it was not open.
    func close(_ uri: DocumentURI) -> DocumentSnapshot? {
        state.withLock { $0.documents.removeValue(forKey: uri) }
    }
}

/// Gives freed memory back to the system after something large was freed (documents closed, a
/// session ended): once at least 1 MiB of document text was closed since the last release, or a
/// session ended, a release runs 200 ms later (by then the requests that still held the documents
/// have answered) on a thread of its own, and at most one every 2 s: `malloc_trim` holds the
/// allocator's lock while it walks the heap, which in a large heap takes milliseconds.
/// See `returnFreeMemoryToTheSystem()`.
enum FreedMemory {
    private struct State {
        var closedBytes = 0
        var scheduled = false
        var lastRelease = ContinuousClock.now - .seconds(60)
    }
    private static let state = Locked(State())
    private static let threshold = 1 << 20
    private static let interval = Duration.seconds(2)

    /// A document of `bytes` was closed (nil: a session ended, always worth a release).
    static func released(bytes: Int?) {
        let delay = state.withLock { state -> Duration? in
            state.closedBytes += bytes ?? threshold
            guard state.closedBytes >= threshold, !state.scheduled else { return nil }
            state.scheduled = true
            let earliest = state.lastRelease + interval
            return max(.milliseconds(200), earliest - ContinuousClock.now)
        }
        guard let delay else { return }
        startDetachedThread(name: "plist-lsp-release") {
            let (seconds, attoseconds) = delay.components
            usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            state.withLock { state in
                state.scheduled = false
                state.closedBytes = 0
                state.lastRelease = ContinuousClock.now
            }
            returnFreeMemoryToTheSystem()
        }
    }
}
