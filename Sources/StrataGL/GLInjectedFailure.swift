/// A failure a test makes a context report instead of what the driver said
/// (`GLContext.injectFailure(_:)`): the environment failures that llvmpipe
/// never produces on its own, so that the errors and recoveries for them
/// can be tested.
package enum GLInjectedFailure: Hashable, Sendable {
    /// The next shader compile fails, with a driver-style log naming line 1.
    case shaderCompile
    /// The next framebuffer completeness check reports `GL_FRAMEBUFFER_UNSUPPORTED`.
    case framebufferIncomplete
    /// The next texture made (`GLTexture`) reports `GL_OUT_OF_MEMORY`.
    case textureAllocation
    /// The context is lost: from the next `checkError` on, every check
    /// reports `GL_CONTEXT_LOST`, as a reset context's `glGetError` does.
    case contextLost
}
