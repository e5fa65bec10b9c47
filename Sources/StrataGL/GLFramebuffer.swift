internal import CEpoxy
import StrataRender

/// A framebuffer object rendering into its own RGBA8 colour texture, with an
/// optional depth-stencil renderbuffer.
///
/// GL's framebuffer rows run bottom to top; `readPixels()` returns them top row
/// first. Create and use with the context current; see `GLContext` for when the
/// GL objects are deleted.
package final class GLFramebuffer: @unchecked Sendable {
    // @unchecked Sendable: mutable state (the attachments' size) is only touched
    // while the owning context is current, which hosts grant to one thread at a time.

    /// The GL framebuffer name.
    package let name: UInt32
    /// The name in messages and GL debuggers.
    package let label: String
    /// The colour attachment (`GL_COLOR_ATTACHMENT0`).
    package let colorTexture: GLTexture
    /// The depth-stencil renderbuffer name, or nil when created without one.
    package let depthStencilRenderbuffer: UInt32?

    weak var context: GLContext?

    /// Width in pixels.
    package var width: Int { colorTexture.width }
    /// Height in pixels.
    package var height: Int { colorTexture.height }

    /// A `width × height` framebuffer with a new colour texture (contents
    /// undefined) and, if `depthStencil`, a `GL_DEPTH24_STENCIL8` renderbuffer.
    /// Leaves the framebuffer bound.
    package init(
        context: GLContext, width: Int, height: Int, label: String,
        filter: GLTexture.Filter = .linear, depthStencil: Bool = false
    ) throws(GLError) {
        context.requireCurrent("GLFramebuffer(\(label))")
        colorTexture = try GLTexture(
            context: context, width: width, height: height, label: label + " colour", filter: filter)
        self.label = label
        self.context = context
        var name: GLuint = 0
        sglGenFramebuffers(1, &name)
        context.didCreate(.framebuffer(name))
        self.name = name
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        context.setDebugLabel(label, identifier: GL_FRAMEBUFFER, name: name)
        sglFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
            colorTexture.name, 0)
        if depthStencil {
            var renderbuffer: GLuint = 0
            sglGenRenderbuffers(1, &renderbuffer)
            context.didCreate(.renderbuffer(renderbuffer))
            sglBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
            context.setDebugLabel(label + " depth-stencil", identifier: GL_RENDERBUFFER, name: renderbuffer)
            sglRenderbufferStorage(
                GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width),
                GLsizei(height))
            sglFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT),
                GLenum(GL_RENDERBUFFER), renderbuffer)
            depthStencilRenderbuffer = renderbuffer
        } else {
            depthStencilRenderbuffer = nil
        }
        try context.checkError(label: label, operation: "creating a \(width)×\(height) framebuffer")
        try checkComplete()
    }

    deinit {
        context?.scheduleDeletion(.framebuffer(name))
        if let depthStencilRenderbuffer { context?.scheduleDeletion(.renderbuffer(depthStencilRenderbuffer)) }
    }

    /// Binds the framebuffer for drawing and reading and sets the viewport to cover it.
    package func bind() {
        assert(context?.isCurrent ?? false, "GLFramebuffer \(label): its context is not current")
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        sglViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Gives the attachments new storage of `width × height`; contents become
    /// undefined. Leaves the framebuffer bound.
    package func resize(width: Int, height: Int) throws(GLError) {
        guard let context else { return }
        context.requireCurrent("GLFramebuffer(\(label)).resize")
        try colorTexture.resize(width: width, height: height)
        if let depthStencilRenderbuffer {
            sglBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencilRenderbuffer)
            sglRenderbufferStorage(
                GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width),
                GLsizei(height))
        }
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        try context.checkError(label: label, operation: "resizing to \(width)×\(height)")
        try checkComplete()
    }

    /// The colour attachment's pixels as RGBA8, top row first (as stored:
    /// premultiplied if drawn premultiplied).
    package func readPixels() -> [UInt8] {
        assert(context?.isCurrent ?? false, "GLFramebuffer \(label): its context is not current")
        return RGBA8Pixels.read(framebuffer: name, width: width, height: height)
    }

    /// Throws unless the bound framebuffer (this one) is complete.
    private func checkComplete() throws(GLError) {
        var status = sglCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if context?.takeInjectedFailure(.framebufferIncomplete) == true { status = GLenum(GL_FRAMEBUFFER_UNSUPPORTED) }
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw .framebufferIncomplete(label: label, status: status)
        }
    }
}
