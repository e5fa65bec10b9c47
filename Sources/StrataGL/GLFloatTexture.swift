internal import CEpoxy
import Foundation

/// An RGBA32F texture read with `texelFetch` (no filtering): per-frame tables
/// such as the clip list.
final class GLFloatTexture {
    let context: GLContext
    let name: UInt32
    let label: String
    private(set) var width = 0
    private(set) var height = 0

    init(context: GLContext, label: String) throws(GLError) {
        context.requireCurrent("GLFloatTexture(\(label))")
        self.context = context
        self.label = label
        var n: GLuint = 0
        sglGenTextures(1, &n)
        context.didCreate(.texture(n))
        name = n
        sglBindTexture(GLenum(GL_TEXTURE_2D), n)
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        try upload(width: 1, height: 1, rgba: [0, 0, 0, 0])
    }

    /// Replaces the contents with `width × height` RGBA float texels, rows in order.
    func upload(width: Int, height: Int, rgba: [Float]) throws(GLError) {
        precondition(
            rgba.count == width * height * 4, "GLFloatTexture \(label): \(rgba.count) floats for \(width)×\(height)")
        guard height <= context.info.maxTextureSize else {
            throw .tooLarge(label: label, width: width, height: height, maximum: context.info.maxTextureSize)
        }
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        sglPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        rgba.withUnsafeBytes { bytes in
            if width == self.width && height == self.height {
                sglTexSubImage2D(
                    GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA),
                    GLenum(GL_FLOAT), bytes.baseAddress)
            } else {
                sglTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(width), GLsizei(height), 0,
                    GLenum(GL_RGBA), GLenum(GL_FLOAT), bytes.baseAddress)
            }
        }
        self.width = width
        self.height = height
        try context.checkError(label: label, operation: "upload")
    }

    func bind(unit: Int) {
        sglActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
    }

    deinit {
        // GL objects are deleted by their context when it is current (see GLContext).
        context.scheduleDeletion(.texture(name))
    }
}
