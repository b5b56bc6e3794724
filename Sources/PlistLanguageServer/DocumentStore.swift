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
        let tree = SyntaxTree.parse(item.text)
        return state.withLock { state in
            let snapshot = DocumentSnapshot(uri: item.uri, version: item.version, languageID: item.languageId, tree: tree,
                                            encoding: encoding, id: state.nextSnapshotID)
            state.nextSnapshotID += 1
            let reopened = state.documents.updateValue(snapshot, forKey: item.uri) != nil
            return (snapshot, reopened)
        }
    }

    /// `didChange`: applies `changes` to `current` (see `DocumentSnapshot.applying`) and makes the
    /// result the document's snapshot. Returns it with one message per clamped change.
    func apply(_ changes: [TextDocumentContentChangeEvent], version: Int, to current: DocumentSnapshot)
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

    /// `didClose`: forgets the document. Returns whether it was open.
    func close(_ uri: DocumentURI) -> Bool {
        state.withLock { $0.documents.removeValue(forKey: uri) != nil }
    }
}

/// Gives freed memory back to the system shortly after something large was freed (a document
/// closed, a session ended): at most one release in flight, 200 ms later, on a thread of its own
/// (by then the requests that still held the document have answered). See
/// `returnFreeMemoryToTheSystem()`.
enum FreedMemory {
    private static let scheduled = Locked(false)

    static func releaseSoon() {
        let start = scheduled.withLock { scheduled -> Bool in
            defer { scheduled = true }
            return !scheduled
        }
        guard start else { return }
        startDetachedThread(name: "plist-lsp-release") {
            usleep(200_000)
            scheduled.withLock { $0 = false }
            returnFreeMemoryToTheSystem()
        }
    }
}
