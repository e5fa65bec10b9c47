internal import CEpoxy
import Foundation
import Strata

/// One OpenGL context as StrataGL sees it: its limits, its compiled programs, and
/// the queue of GL objects waiting to be deleted.
///
/// A host (`OffscreenHost`, `WindowHost`) creates one for each GL context it makes
/// and hands it out as `host.context`; every GL resource is created for a context.
///
/// ## Deleting GL objects
/// A resource's `deinit` may run on any thread, at any time, with any context or
/// none current, so it never calls GL. It puts the object's name on its context's
/// deletion queue instead; the host deletes queued names the next time it makes
/// the context current (each `withCurrent`, each window frame), and
/// `collectGarbage()` does it at once. Destroying the context frees everything it
/// owns, so names still queued then are simply dropped.
public final class GLContext: @unchecked Sendable {
    // @unchecked Sendable: the mutable state (deletion queue, program cache, validity)
    // is only read or written while holding `lock`.

    /// A name for messages: "offscreen 256×256", "window".
    public let label: String
    /// The driver's strings and limits.
    public let info: GLContextInfo

    private let isCurrentOnThisThread: @Sendable () -> Bool
    private let lock = NSLock()
    private var pendingDeletions: [GLObjectName] = []
    private var programs: [ProgramKey: GLProgram] = [:]
    private var isValid = true
    private var live = GLObjectCounts()
    private var injected: [GLInjectedFailure: Int] = [:]
    private var isLost = false

    /// Wraps the context that is current on this thread. `isCurrent` must tell
    /// whether that same context is current on the calling thread (hosts compare
    /// `eglGetCurrentContext()` or `glfwGetCurrentContext()` with their own).
    package init(label: String, isCurrent: @escaping @Sendable () -> Bool) {
        precondition(isCurrent(), "GLContext(\(label)) must be created while its context is current")
        self.label = label
        self.isCurrentOnThisThread = isCurrent
        self.info = GLContextInfo.query()
        if info.isSoftwareRasterizer {
            // Its threads draw on the cores a frame's CPU work would spread over.
            let environment = ProcessInfo.processInfo.environment
            WorkerThreads.shareCores(
                withRendererThreads: environment["LP_NUM_THREADS"].flatMap(Int.init)
                    ?? ProcessInfo.processInfo.activeProcessorCount)
        }
    }

    /// Whether this context is current on the calling thread.
    public var isCurrent: Bool { isCurrentOnThisThread() }

    /// Stops a programmer mistake early: a GL call for this context from a thread
    /// where it is not current would act on some other context, or on none.
    func requireCurrent(_ what: @autoclosure () -> String) {
        precondition(isCurrent, "\(what()): GL context '\(label)' is not current on this thread (use host.withCurrent)")
    }

    /// Waits until every GL command issued so far has run (`glFinish`): for
    /// timing the GPU's part of a frame. Call with the context current.
    public func finish() {
        requireCurrent("GLContext.finish")
        sglFinish()
    }

    /// Deletes every GL object whose Swift owner has gone. Call with the context current.
    public func collectGarbage() {
        requireCurrent("collectGarbage")
        let names = lock.withLock {
            let names = pendingDeletions
            pendingDeletions.removeAll()
            for name in names { live.add(-1, for: name) }
            return names
        }
        for name in names { name.delete() }
    }

    /// The GL objects this context holds now, by kind (those waiting for
    /// `collectGarbage()` included).
    public var liveObjects: GLObjectCounts { lock.withLock { live } }

    /// Counts an object just made (`glGen*`, `glCreateProgram`).
    func didCreate(_ name: GLObjectName) {
        lock.withLock { live.add(1, for: name) }
    }

    /// Queues `name` for deletion at the next `collectGarbage()`. Safe from any thread.
    func scheduleDeletion(_ name: GLObjectName) {
        lock.withLock {
            if isValid { pendingDeletions.append(name) }
        }
    }

    /// Marks the context destroyed: its GL objects died with it, so the queue and
    /// the program cache are dropped without GL calls. Hosts call this just before
    /// destroying the context.
    package func invalidate() {
        var dropped: [ProgramKey: GLProgram] = [:]
        lock.withLock {
            isValid = false
            pendingDeletions.removeAll()
            live = GLObjectCounts()
            swap(&dropped, &programs)
        }
        // Released outside the lock: their deinit calls scheduleDeletion, which
        // locks (`_ = dropped` let the optimizer release them inside it).
        dropped.removeAll()
    }

    /// The cached program for `key`, or the one `make` builds (and caches).
    func program(for key: ProgramKey, make: () throws(GLError) -> GLProgram) throws(GLError) -> GLProgram {
        if let cached = lock.withLock({ programs[key] }) { return cached }
        let program = try make()
        lock.withLock { programs[key] = program }
        return program
    }

    /// The first pending `glGetError` as a `GLError` naming `label` and `operation`;
    /// drains the rest of the error flags. A lost context (`GL_CONTEXT_LOST`)
    /// throws `.contextLost`, now and at every later check.
    public func checkError(label: String, operation: String) throws(GLError) {
        var first: UInt32 = 0
        // Bounded: a lost context may report GL_CONTEXT_LOST forever.
        for _ in 0..<16 {
            let code = sglGetError()
            if code == UInt32(GL_NO_ERROR) { break }
            if first == 0 { first = code }
        }
        let lost = lock.withLock {
            if first == GLError.contextLostCode || takeInjected(.contextLost) { isLost = true }
            return isLost
        }
        if lost { throw .contextLost(label: label, operation: operation) }
        if first != 0 { throw .glFailure(label: label, operation: operation, code: first) }
    }

    /// Whether a check has found the context lost: nothing drawn with it
    /// counts any more; make a new one (`OffscreenRenderer` does).
    public var wasLost: Bool { lock.withLock { isLost } }

    /// Makes the next operation of `failure`'s kind on this context fail
    /// (after letting `skipping` of them succeed). For tests of what happens
    /// when the driver or the machine fails; each context has its own, so
    /// tests running in parallel do not see each other's.
    package func injectFailure(_ failure: GLInjectedFailure, skipping: Int = 0) {
        precondition(skipping >= 0, "GLContext.injectFailure: negative skip count \(skipping)")
        lock.withLock { injected[failure] = skipping }
    }

    /// Whether an injected `failure` is due now (and uses it up).
    func takeInjectedFailure(_ failure: GLInjectedFailure) -> Bool {
        lock.withLock { takeInjected(failure) }
    }

    /// `takeInjectedFailure`, the lock held.
    private func takeInjected(_ failure: GLInjectedFailure) -> Bool {
        guard let remaining = injected[failure] else { return false }
        if remaining == 0 {
            injected[failure] = nil
            return true
        }
        injected[failure] = remaining - 1
        return false
    }

    /// Gives `name` a debug label when the driver supports KHR_debug. The object
    /// must already exist (bound once after `glGen*`).
    func setDebugLabel(_ label: String, identifier: Int32, name: UInt32) {
        guard info.supportsDebugLabels else { return }
        // A label longer than GL_MAX_LABEL_LENGTH (at least 256 with its NUL) is
        // an error, not cut short: a whole layer program's list of defines is longer.
        var bytes = Array(label.utf8.prefix(255)).map { CChar(bitPattern: $0) }
        bytes.append(0)
        sglObjectLabel(GLenum(identifier), name, GLsizei(bytes.count - 1), bytes)
    }
}

/// The key of a linked program in a context's cache.
struct ProgramKey: Hashable {
    var vertexPath: String
    var fragmentPath: String
    var attributes: [String: UInt32]
    var defines: [String] = []
}

/// A GL object name waiting for deletion, with its kind.
enum GLObjectName {
    case texture(UInt32)
    case buffer(UInt32)
    case framebuffer(UInt32)
    case renderbuffer(UInt32)
    case vertexArray(UInt32)
    case program(UInt32)

    /// Deletes the object; the context must be current.
    func delete() {
        switch self {
        case .texture(var name): sglDeleteTextures(1, &name)
        case .buffer(var name): sglDeleteBuffers(1, &name)
        case .framebuffer(var name): sglDeleteFramebuffers(1, &name)
        case .renderbuffer(var name): sglDeleteRenderbuffers(1, &name)
        case .vertexArray(var name): sglDeleteVertexArrays(1, &name)
        case .program(let name): sglDeleteProgram(name)
        }
    }
}
