import Foundation

/// A POSIX thread that can be joined after it has exited, so what its exit
/// does (committing its open transactions) has happened.
public final class StressThread: @unchecked Sendable {
    // @unchecked Sendable: `thread` is written once, before `join`.
    private var thread = pthread_t()

    /// Starts a thread running `body`.
    public init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { raw in
                let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
                body.run()
                return nil
            }, box)
        precondition(status == 0, "ThreadStress: pthread_create failed (\(status))")
    }

    /// Waits until the thread has exited.
    public func join() { pthread_join(thread, nil) }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
