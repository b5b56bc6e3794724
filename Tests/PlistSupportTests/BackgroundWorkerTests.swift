import PlistSupport
import PlistTestSupport
import Testing

@Suite struct BackgroundWorkerTests {
    /// What the worker did, and a way to wait for it.
    private final class Record: Sendable {
        struct State {
            var batches: [[Int]] = []
            var changes = 0
            var release = false
            var returned = 0
        }
        let state = Locked(State())
        let condition = Condition()

        func update(_ body: (inout State) -> Void) {
            condition.withLock {
                state.withLock { body(&$0) }
                condition.broadcast()
            }
        }

        /// Waits until `done` holds (false if it did not within a minute: a hung worker fails the test).
        func wait(until done: (State) -> Bool) -> Bool {
            condition.withLock {
                while !state.withLock({ done($0) }) {
                    if !condition.wait(seconds: 60) { return state.withLock { done($0) } }
                }
                return true
            }
        }
    }

    /// A worker whose batches are recorded and wait for `release` (holding the thread until the
    /// test has queued more); a batch reports a change when `changes` says so.
    private static func worker(recording record: Record, changes: @escaping @Sendable ([Int]) -> Bool) -> BackgroundWorker<Int> {
        let worker = BackgroundWorker<Int>(name: "test worker")
        worker.setWork { jobs in
            record.update { $0.batches.append(jobs) }
            _ = record.wait { $0.release }
            record.update { $0.returned += 1 }
            return changes(jobs)
        }
        worker.onChange { record.update { $0.changes += 1 } }
        return worker
    }

    @Test func jobsQueuedWhileABatchRunsMakeTheNextBatch() async throws {
        let record = Record()
        let worker = Self.worker(recording: record) { $0.contains(2) }
        let (batches, changes) = try await onOwnThread { () -> ([[Int]], Int) in
            worker.enqueue(1)
            _ = record.wait { $0.batches.count == 1 }
            worker.enqueue(2)
            worker.enqueue(3)
            record.update { $0.release = true }
            _ = record.wait { $0.batches.count == 2 && $0.changes == 1 }
            // The thread ended with the queue empty; a new job starts another.
            worker.enqueue(4)
            _ = record.wait { $0.batches.count == 3 }
            return record.state.withLock { ($0.batches, $0.changes) }
        }
        #expect(batches == [[1], [2, 3], [4]])
        #expect(changes == 1)
    }

    @Test func closingDropsWhatIsQueuedAndRefusesMore() async throws {
        let record = Record()
        let worker = Self.worker(recording: record) { _ in true }
        let (batches, changes, refused) = try await onOwnThread { () -> ([[Int]], Int, Bool) in
            worker.enqueue(1)
            _ = record.wait { $0.batches.count == 1 }
            worker.enqueue(2)
            worker.close()
            let refused = !worker.enqueue(3)
            record.update { $0.release = true }
            _ = record.wait { $0.returned == 1 }
            // The batch in progress finishes; nothing else runs and no change is reported.
            worker.setWork { _ in
                record.update { $0.batches.append([-1]) }; return true
            }
            return record.state.withLock { ($0.batches, $0.changes, refused) }
        }
        #expect(batches == [[1]])
        #expect(changes == 0)
        #expect(refused)
        #expect(worker.isClosed)
    }
}
