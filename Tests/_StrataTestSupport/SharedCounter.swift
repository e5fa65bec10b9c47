/// A count several threads add to (a class, so closures can share it).
public final class SharedCounter: Sendable {
    private let count = Locked(0)

    public init() {}

    /// Adds one.
    public func increment() { count.withLock { $0 += 1 } }

    /// The count now.
    public var value: Int { count.withLock { $0 } }
}
