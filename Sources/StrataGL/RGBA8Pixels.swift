internal import CEpoxy
import StrataRender

extension RGBA8Pixels {
    /// Reads the colour of framebuffer `framebuffer` (0: the window's back buffer)
    /// as RGBA8, top row first. The caller's context must be current; the read
    /// framebuffer binding is restored afterwards.
    package static func read(framebuffer: UInt32, width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0, "read: empty size \(width)×\(height)")
        var previous: GLint = 0
        sglGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &previous)
        sglBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        sglReadBuffer(GLenum(framebuffer == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0))
        sglPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var bottomUp = [UInt8](repeating: 0, count: width * height * 4)
        bottomUp.withUnsafeMutableBytes { bytes in
            sglReadPixels(
                0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                bytes.baseAddress)
        }
        sglBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(previous))
        return flippedRows(bottomUp, width: width, height: height)
    }
}
