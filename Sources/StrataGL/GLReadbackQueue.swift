internal import CEpoxy

/// Reads framebuffers back without waiting for them: each read goes into its own
/// pixel buffer object behind a fence, and is copied out only when asked for, by
/// which time the GPU (or llvmpipe's rasterizer threads) has usually finished it.
///
/// A video exporter queues frame k, draws frame k + 1, and only then takes frame
/// k's pixels, so drawing one frame overlaps reading the one before.
///
/// ```
/// enqueue(fb)  ──▶ [PBO 0 + fence] ──▶ [PBO 1 + fence] ──▶ dequeue() waits on the oldest fence,
///                                                           maps it, copies rows top first
/// ```
///
/// Frames come out in the order they went in. Create and use with the context
/// current; buffers are deleted with the context's deletion queue.
package final class GLReadbackQueue: @unchecked Sendable {
    // @unchecked Sendable: all state is only touched while the owning context is
    // current, which hosts grant to one thread at a time.

    /// One pixel buffer object, and the fence of the read into it while it is queued.
    private struct Slot {
        let buffer: UInt32
        var capacity = 0
        var fence: OpaquePointer?
        var width = 0, height = 0
    }

    /// The name in messages and GL debuggers.
    package let label: String
    /// The most reads that can be queued at once.
    package let depth: Int
    private var slots: [Slot]
    /// Indices into `slots`, oldest read first.
    private var queued: [Int] = []
    private weak var context: GLContext?

    /// A queue of up to `depth` reads in flight.
    package init(context: GLContext, depth: Int = 2, label: String = "readback") throws(GLError) {
        precondition(depth >= 1, "GLReadbackQueue: depth must be at least 1")
        context.requireCurrent("GLReadbackQueue(\(label))")
        self.context = context
        self.label = label
        self.depth = depth
        var names = [GLuint](repeating: 0, count: depth)
        sglGenBuffers(GLsizei(depth), &names)
        slots = names.map { Slot(buffer: $0) }
        for (k, name) in names.enumerated() {
            sglBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), name)
            context.setDebugLabel("\(label) \(k)", identifier: GL_BUFFER, name: name)
        }
        sglBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        try context.checkError(label: label, operation: "creating \(depth) pixel buffers")
    }

    deinit {
        // Fences are not GL objects the deletion queue knows; an unfinished one
        // dies with the context. Buffers go through the queue as usual.
        for slot in slots { context?.scheduleDeletion(.buffer(slot.buffer)) }
    }

    /// Reads in flight.
    package var count: Int { queued.count }

    /// Whether another read can be queued without taking one out first.
    package var isFull: Bool { queued.count == depth }

    /// Starts reading the colour of `framebuffer` (`width × height`, RGBA8) into a
    /// free buffer and returns at once. The queue must not be full.
    package func enqueue(framebuffer: UInt32, width: Int, height: Int) throws(GLError) {
        guard let context else { return }
        context.requireCurrent("GLReadbackQueue(\(label)).enqueue")
        precondition(!isFull, "GLReadbackQueue \(label): enqueue on a full queue (dequeue first)")
        precondition(width > 0 && height > 0, "GLReadbackQueue \(label): empty size \(width)×\(height)")
        let index = (0..<depth).first { !queued.contains($0) }!
        let bytes = width * height * 4
        let pack = GLenum(GL_PIXEL_PACK_BUFFER)
        sglBindBuffer(pack, slots[index].buffer)
        if slots[index].capacity != bytes {
            sglBufferData(pack, GLsizeiptr(bytes), nil, GLenum(GL_STREAM_READ))
            slots[index].capacity = bytes
        }
        var previous: GLint = 0
        sglGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &previous)
        sglBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        sglReadBuffer(GLenum(framebuffer == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0))
        sglPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        // With a pack buffer bound, the pointer is an offset into it: the call returns at once.
        sglReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        sglBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(previous))
        sglBindBuffer(pack, 0)
        slots[index].fence = sglFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
        slots[index].width = width
        slots[index].height = height
        // Start the work now rather than at the next wait.
        sglFlush()
        queued.append(index)
        try context.checkError(label: label, operation: "reading \(width)×\(height) pixels into a buffer")
    }

    /// Waits for the oldest queued read and returns its pixels as RGBA8, top row
    /// first (GL's rows are bottom up). The queue must not be empty.
    package func dequeue() throws(GLError) -> [UInt8] {
        guard let context else { return [] }
        context.requireCurrent("GLReadbackQueue(\(label)).dequeue")
        precondition(!queued.isEmpty, "GLReadbackQueue \(label): dequeue on an empty queue")
        let index = queued.removeFirst()
        let slot = slots[index]
        if let fence = slot.fence {
            // One wait with no timeout: a fence that never signals is a lost
            // context, which glClientWaitSync reports as GL_WAIT_FAILED.
            _ = sglClientWaitSync(fence, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), UInt64.max)
            sglDeleteSync(fence)
            slots[index].fence = nil
        }
        let rowBytes = slot.width * 4, bytes = rowBytes * slot.height
        let pack = GLenum(GL_PIXEL_PACK_BUFFER)
        sglBindBuffer(pack, slot.buffer)
        defer { sglBindBuffer(pack, 0) }
        guard let mapped = sglMapBufferRange(pack, 0, GLsizeiptr(bytes), GLbitfield(GL_MAP_READ_BIT)) else {
            try context.checkError(label: label, operation: "mapping a pixel buffer")
            throw .glFailure(label: label, operation: "mapping a pixel buffer", code: 0)
        }
        let source = UnsafeRawPointer(mapped)
        let pixels = [UInt8](unsafeUninitializedCapacity: bytes) { out, initialized in
            // Flip while copying: the copy is needed anyway, the flip is then free.
            for row in 0..<slot.height {
                let from = source + (slot.height - 1 - row) * rowBytes
                (out.baseAddress! + row * rowBytes).initialize(
                    from: from.assumingMemoryBound(to: UInt8.self),
                    count: rowBytes)
            }
            initialized = bytes
        }
        sglUnmapBuffer(pack)
        try context.checkError(label: label, operation: "reading a pixel buffer")
        return pixels
    }
}
