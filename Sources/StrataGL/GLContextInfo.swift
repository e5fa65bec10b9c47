/// What the current GL context is: driver strings, version and limits.
///
/// Queried once when a host creates its context (`GLContext.info`).
public struct GLContextInfo: Equatable, Sendable, CustomStringConvertible {
    /// `GL_VENDOR`: "Mesa", "NVIDIA Corporation".
    public var vendor: String
    /// `GL_RENDERER`: "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var renderer: String
    /// `GL_VERSION`: "4.5 (Core Profile) Mesa 22.3.6".
    public var version: String
    /// `GL_SHADING_LANGUAGE_VERSION`.
    public var shadingLanguageVersion: String
    /// `GL_MAJOR_VERSION`.
    public var majorVersion: Int
    /// `GL_MINOR_VERSION`.
    public var minorVersion: Int
    /// Whether the context is a core profile context.
    public var isCoreProfile: Bool
    /// `GL_MAX_TEXTURE_SIZE`: the largest width or height of a texture.
    public var maxTextureSize: Int
    /// `GL_MAX_RENDERBUFFER_SIZE`.
    public var maxRenderbufferSize: Int
    /// `GL_MAX_SAMPLES`: the most MSAA samples a renderbuffer can have.
    public var maxSamples: Int
    /// The extension names (`GL_KHR_debug`, …).
    public var extensions: Set<String>
    /// `GL_NUM_PROGRAM_BINARY_FORMATS`: how many formats `glGetProgramBinary`
    /// can save a linked program in (0: none; Mesa has one while its own
    /// shader cache is on).
    public var programBinaryFormats: Int = 0

    /// Whether the renderer rasterizes on the CPU (Mesa's llvmpipe or softpipe).
    public var isSoftwareRasterizer: Bool { renderer.hasPrefix("llvmpipe") || renderer.hasPrefix("softpipe") }

    /// Whether `glObjectLabel` may be called (GL 4.3, or `GL_KHR_debug`).
    public var supportsDebugLabels: Bool {
        (majorVersion, minorVersion) >= (4, 3) || extensions.contains("GL_KHR_debug")
    }

    /// Whether linked programs can be saved and loaded again
    /// (`glGetProgramBinary`, `glProgramBinary`: GL 4.1 or
    /// `GL_ARB_get_program_binary`, and at least one binary format).
    public var supportsProgramBinaries: Bool {
        programBinaryFormats > 0
            && ((majorVersion, minorVersion) >= (4, 1) || extensions.contains("GL_ARB_get_program_binary"))
    }

    /// One line: renderer, version, vendor, max texture size.
    public var description: String {
        "\(renderer); OpenGL \(version); \(vendor); max texture \(maxTextureSize)"
    }
}
