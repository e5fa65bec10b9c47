internal import CEpoxy

/// A buffer texture (`GL_TEXTURE_BUFFER`): a `GLBuffer`'s bytes read by a
/// shader as RGBA32F texels with `texelFetch`, so that a vertex shader can
/// read any record it needs by index instead of as attributes.
final class GLBufferTexture {
    let context: GLContext
    let name: UInt32
    /// The buffer whose bytes are read (streaming it refills the texture).
    let buffer: GLBuffer

    init(context: GLContext, buffer: GLBuffer) throws(GLError) {
        context.requireCurrent("GLBufferTexture(\(buffer.label))")
        self.context = context
        self.buffer = buffer
        var n: GLuint = 0
        sglGenTextures(1, &n)
        context.didCreate(.texture(n))
        name = n
        sglBindTexture(GLenum(GL_TEXTURE_BUFFER), n)
        sglTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32F), buffer.name)
        context.setDebugLabel(buffer.label, identifier: GL_TEXTURE, name: n)
        try context.checkError(label: buffer.label, operation: "making a buffer texture")
    }

    func bind(unit: Int) {
        sglActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        sglBindTexture(GLenum(GL_TEXTURE_BUFFER), name)
    }

    deinit {
        // GL objects are deleted by their context when it is current (see GLContext).
        context.scheduleDeletion(.texture(name))
    }
}
