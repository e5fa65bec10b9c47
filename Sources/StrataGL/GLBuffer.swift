internal import CEpoxy

/// A GL buffer object for vertices, instances, indices or uniforms, refilled by
/// streaming.
///
/// `stream` orphans the old storage each time (`glBufferData` with no data, then
/// `glBufferSubData`), so the driver never waits for draws still reading last
/// frame's contents. Capacity grows by doubling and never shrinks. Create and use
/// with the context current; see `GLContext` for when the GL buffer is deleted.
package final class GLBuffer: @unchecked Sendable {
    // @unchecked Sendable: mutable state (capacity, count) is only touched while the
    // owning context is current, which hosts grant to one thread at a time.

    /// What the buffer is bound as.
    package enum Target: Sendable {
        /// `GL_ARRAY_BUFFER`: vertex or instance attributes.
        case vertex
        /// `GL_ELEMENT_ARRAY_BUFFER`: indices (part of a vertex array's state).
        case index
        /// `GL_UNIFORM_BUFFER`.
        case uniform

        var glTarget: GLenum {
            switch self {
            case .vertex: GLenum(GL_ARRAY_BUFFER)
            case .index: GLenum(GL_ELEMENT_ARRAY_BUFFER)
            case .uniform: GLenum(GL_UNIFORM_BUFFER)
            }
        }
    }

    /// The usage hint given to the driver.
    package enum Usage: Sendable {
        /// Written once, drawn many times.
        case staticDraw
        /// Rewritten now and then.
        case dynamicDraw
        /// Rewritten every frame.
        case streamDraw

        var glUsage: GLenum {
            switch self {
            case .staticDraw: GLenum(GL_STATIC_DRAW)
            case .dynamicDraw: GLenum(GL_DYNAMIC_DRAW)
            case .streamDraw: GLenum(GL_STREAM_DRAW)
            }
        }
    }

    /// The GL buffer name.
    package let name: UInt32
    /// The name in messages and GL debuggers.
    package let label: String
    /// What the buffer is bound as.
    package let target: Target
    /// The usage hint.
    package let usage: Usage
    /// Bytes of storage allocated.
    package private(set) var capacity: Int = 0
    /// Bytes written by the last `stream`.
    package private(set) var byteCount: Int = 0

    private weak var context: GLContext?

    /// An empty buffer, or one with `capacity` bytes of undefined storage.
    package init(
        context: GLContext, target: Target = .vertex, usage: Usage = .streamDraw, label: String,
        capacity: Int = 0
    ) throws(GLError) {
        precondition(capacity >= 0, "GLBuffer \(label): negative capacity")
        context.requireCurrent("GLBuffer(\(label))")
        var name: GLuint = 0
        sglGenBuffers(1, &name)
        context.didCreate(.buffer(name))
        self.name = name
        self.label = label
        self.target = target
        self.usage = usage
        self.context = context
        // GL_COPY_WRITE_BUFFER creates the object without disturbing the array
        // buffer or the bound vertex array's index buffer.
        sglBindBuffer(GLenum(GL_COPY_WRITE_BUFFER), name)
        context.setDebugLabel(label, identifier: GL_BUFFER, name: name)
        if capacity > 0 {
            sglBufferData(GLenum(GL_COPY_WRITE_BUFFER), GLsizeiptr(capacity), nil, usage.glUsage)
            self.capacity = capacity
        }
        try context.checkError(label: label, operation: "creating a buffer of \(capacity) bytes")
    }

    deinit {
        context?.scheduleDeletion(.buffer(name))
    }

    /// Binds the buffer to its target. (An index buffer binds into the bound vertex array.)
    package func bind() {
        assert(context?.isCurrent ?? false, "GLBuffer \(label): its context is not current")
        sglBindBuffer(target.glTarget, name)
    }

    /// Replaces the contents with `elements`' bytes, orphaning the old storage.
    package func stream<Element: BitwiseCopyable>(_ elements: [Element]) throws(GLError) {
        // withUnsafeBytes is not typed-throws: carry the error out as a Result.
        let result = elements.withUnsafeBytes { bytes in
            Result { () throws(GLError) in try stream(bytes: bytes) }
        }
        try result.get()
    }

    /// Makes the storage `bytes` long, its contents undefined (what it held is lost).
    package func allocate(bytes: Int) throws(GLError) {
        guard let context else { return }
        assert(context.isCurrent, "GLBuffer \(label): its context is not current")
        sglBindBuffer(GLenum(GL_COPY_WRITE_BUFFER), name)
        sglBufferData(GLenum(GL_COPY_WRITE_BUFFER), GLsizeiptr(bytes), nil, usage.glUsage)
        try context.checkError(label: label, operation: "allocating \(bytes) bytes")
        capacity = bytes
        byteCount = 0
    }

    /// Writes `elements` from byte `offset` on, keeping the rest (within the storage).
    package func write<Element: BitwiseCopyable>(_ elements: ArraySlice<Element>, at offset: Int) {
        guard let context else { return }
        assert(context.isCurrent, "GLBuffer \(label): its context is not current")
        elements.withUnsafeBytes { bytes in
            precondition(offset >= 0 && offset + bytes.count <= capacity, "GLBuffer \(label): write past its storage")
            sglBindBuffer(GLenum(GL_COPY_WRITE_BUFFER), name)
            sglBufferSubData(GLenum(GL_COPY_WRITE_BUFFER), GLintptr(offset), GLsizeiptr(bytes.count), bytes.baseAddress)
        }
    }

    /// Replaces the contents with `bytes`, orphaning the old storage. Throws only
    /// when growing the storage fails (out of memory).
    package func stream(bytes: UnsafeRawBufferPointer) throws(GLError) {
        guard let context else { return }
        assert(context.isCurrent, "GLBuffer \(label): its context is not current")
        let target = GLenum(GL_COPY_WRITE_BUFFER)
        sglBindBuffer(target, name)
        byteCount = bytes.count
        if bytes.count > capacity {
            let newCapacity = max(bytes.count, capacity * 2)
            sglBufferData(target, GLsizeiptr(newCapacity), nil, usage.glUsage)
            try context.checkError(label: label, operation: "growing to \(newCapacity) bytes")
            capacity = newCapacity
        } else {
            sglBufferData(target, GLsizeiptr(capacity), nil, usage.glUsage)
        }
        if bytes.count > 0 {
            sglBufferSubData(target, 0, GLsizeiptr(bytes.count), bytes.baseAddress)
        }
    }
}
