import Synchronization

#if !canImport(CoreGraphics)
    /// A value worked out from a path's elements, kept with the number of
    /// elements it was worked out for: still true while that is the count, since
    /// elements are only ever appended (`CGMutablePath`). Safe from any thread.
    final class ElementCountMemo<Value: Sendable>: Sendable {
        private let kept = Mutex<(count: Int, value: Value)?>(nil)

        /// The kept value for `count` elements, or `make()`'s, then kept.
        func value(forCount count: Int, _ make: () -> Value) -> Value {
            if let memo = kept.withLock({ $0 }), memo.count == count { return memo.value }
            let value = make()
            kept.withLock { $0 = (count, value) }
            return value
        }
    }
#endif
