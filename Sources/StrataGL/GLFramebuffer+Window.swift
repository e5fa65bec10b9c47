internal import CEpoxy
import Foundation

extension GLFramebuffer {
    /// Copies the whole colour of this framebuffer onto the window's back
    /// buffer (framebuffer 0), scaled to `width × height` with nearest
    /// sampling, and leaves the back buffer bound.
    package func copyToBackBuffer(width: Int, height: Int) throws(GLError) {
        context?.requireCurrent("GLFramebuffer.copyToBackBuffer")
        sglBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), name)
        sglBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        sglBlitFramebuffer(
            0, 0, GLint(self.width), GLint(self.height), 0, 0, GLint(width), GLint(height),
            GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try context?.checkError(label: label, operation: "copy to the back buffer")
    }
}

extension GLContext {
    /// Binds the window's back buffer (framebuffer 0) with a `width × height` viewport.
    package func bindBackBuffer(width: Int, height: Int) {
        sglBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        sglViewport(0, 0, GLsizei(width), GLsizei(height))
    }
}
