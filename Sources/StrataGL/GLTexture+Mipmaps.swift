import Foundation
internal import CEpoxy

extension GLTexture {
    /// Builds mip levels 1…`levels` from level 0 and samples them trilinearly,
    /// never coarser than `levels` (so a gutter of 2^levels pixels stays clean).
    /// A level-of-detail bias of −0.5 keeps mild minification (down to about
    /// 70 %) on the sharp level, as browsers and Core Animation look.
    func generateMipmaps(levels: Int) {
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levels))
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        sglTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_LOD_BIAS), -0.5)
        sglGenerateMipmap(GLenum(GL_TEXTURE_2D))
    }
}
