internal import CEpoxy
import Foundation

extension GLTexture {
    /// Builds mip levels 1…`levels` from level 0 and samples them trilinearly,
    /// never coarser than `levels` (so a gutter of 2^levels pixels stays clean).
    /// A level-of-detail bias of −0.5 keeps mild minification (down to about
    /// 70 %) on the sharp level, as browsers and Core Animation look.
    func generateMipmaps(levels: Int) {
        sampleMipLevels(levels)
        sglGenerateMipmap(GLenum(GL_TEXTURE_2D))
    }

    /// Gives the texture storage for mip levels 1…`levels` (contents undefined)
    /// and samples them as `generateMipmaps(levels:)` does: for atlas pages,
    /// whose levels are uploaded slot by slot (`replaceRegion(level:…)`), since
    /// regenerating a whole page's levels for one new slot costs the page's
    /// pixels every time (most of a frame on a CPU rasterizer).
    func allocateMipLevels(_ levels: Int) throws(GLError) {
        sampleMipLevels(levels)
        guard levels >= 1 else { return }
        sglPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for level in 1...levels {
            sglTexImage2D(
                GLenum(GL_TEXTURE_2D), GLint(level), format.internalFormat, GLsizei(max(1, width >> level)),
                GLsizei(max(1, height >> level)), 0, GLenum(format.pixelFormat), GLenum(GL_UNSIGNED_BYTE), nil)
        }
        try context?.checkError(label: label, operation: "allocating \(levels) mip levels")
    }

    /// Binds the texture and samples levels 0…`levels` trilinearly, sharp side biased
    /// (level 0 alone bilinearly: a flat atlas page, whose contents are never drawn small).
    private func sampleMipLevels(_ levels: Int) {
        sglBindTexture(GLenum(GL_TEXTURE_2D), name)
        sglTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levels))
        sglTexParameteri(
            GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER),
            levels >= 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        sglTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_LOD_BIAS), -0.5)
    }
}
