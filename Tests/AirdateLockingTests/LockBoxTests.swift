import AirdateLocking
import Testing

@Suite("LockBox")
struct LockBoxTests {
    @Test("increments from many tasks are never lost")
    func concurrentIncrements() async {
        let box = LockBox(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { box.withLock { $0 += 1 } }
                }
            }
        }
        #expect(box.withLock { $0 } == 80_000)
    }

    @Test("withLock returns the body's result and rethrows its error, leaving the value as the body left it")
    func resultAndErrors() {
        struct Refused: Error {}
        let box = LockBox([1, 2])
        let count = box.withLock { values -> Int in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(throws: Refused.self) {
            try box.withLock { values in
                values.append(4)
                throw Refused()
            }
        }
        #expect(box.withLock { $0 } == [1, 2, 3, 4])
        // The lock was released after the throw: taking it again does not deadlock.
        #expect(box.withLock { $0.count } == 4)
    }
}
