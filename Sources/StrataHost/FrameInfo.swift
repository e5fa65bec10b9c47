/// What a `WindowHost` frame closure is told about the frame it draws.
public struct FrameInfo: Equatable, Sendable {
    /// 0 for the first frame, then counting up.
    public var index: Int
    /// Seconds since the host was created, at the start of this frame.
    public var time: Double
    /// Seconds since the previous frame started (0 for the first).
    public var deltaTime: Double
    /// Framebuffer width in pixels (what GL draws).
    public var framebufferWidth: Int
    /// Framebuffer height in pixels.
    public var framebufferHeight: Int
    /// Window width in screen coordinates (points).
    public var windowWidth: Int
    /// Window height in screen coordinates (points).
    public var windowHeight: Int
    /// Pixels per point horizontally (2 on a typical HiDPI screen): `contentsScale`.
    public var contentScaleX: Float
    /// Pixels per point vertically.
    public var contentScaleY: Float

    /// A frame description from its parts.
    public init(
        index: Int, time: Double, deltaTime: Double, framebufferWidth: Int, framebufferHeight: Int,
        windowWidth: Int, windowHeight: Int, contentScaleX: Float, contentScaleY: Float
    ) {
        self.index = index
        self.time = time
        self.deltaTime = deltaTime
        self.framebufferWidth = framebufferWidth
        self.framebufferHeight = framebufferHeight
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.contentScaleX = contentScaleX
        self.contentScaleY = contentScaleY
    }
}
