internal import CEpoxy

extension GLContextInfo {
    /// Reads the strings and limits of the context current on this thread.
    static func query() -> GLContextInfo {
        func string(_ name: Int32) -> String {
            guard let bytes = sglGetString(GLenum(name)) else { return "" }
            return String(cString: bytes)
        }
        func integer(_ name: Int32) -> Int {
            var value: GLint = 0
            sglGetIntegerv(GLenum(name), &value)
            return Int(value)
        }
        var extensions = Set<String>()
        for index in 0..<max(0, integer(GL_NUM_EXTENSIONS)) {
            if let bytes = sglGetStringi(GLenum(GL_EXTENSIONS), GLuint(index)) {
                extensions.insert(String(cString: bytes))
            }
        }
        let profile = integer(GL_CONTEXT_PROFILE_MASK)
        let info = GLContextInfo(
            vendor: string(GL_VENDOR),
            renderer: string(GL_RENDERER),
            version: string(GL_VERSION),
            shadingLanguageVersion: string(GL_SHADING_LANGUAGE_VERSION),
            majorVersion: integer(GL_MAJOR_VERSION),
            minorVersion: integer(GL_MINOR_VERSION),
            isCoreProfile: profile & Int(GL_CONTEXT_CORE_PROFILE_BIT) != 0,
            maxTextureSize: integer(GL_MAX_TEXTURE_SIZE),
            maxRenderbufferSize: integer(GL_MAX_RENDERBUFFER_SIZE),
            maxSamples: integer(GL_MAX_SAMPLES),
            extensions: extensions,
            programBinaryFormats: integer(GL_NUM_PROGRAM_BINARY_FORMATS))
        // Querying is side-effect free; clear any flag a driver set for an
        // unsupported query so it is not blamed on the next object created.
        for _ in 0..<16 {
            if sglGetError() == GLenum(GL_NO_ERROR) { break }
        }
        return info
    }
}
