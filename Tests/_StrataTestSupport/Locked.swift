import Foundation

/// A value several threads share, behind an `NSLock`.
///
/// Not `Synchronization.Mutex`: on Linux that locks with futexes directly,
/// which ThreadSanitizer cannot see, so every access through it reads as a
/// race under `Scripts/sanitize tsan`; `NSLock` is a pthread mutex, which it can.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
