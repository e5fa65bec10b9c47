import Foundation

/// The target a frame is drawn into, as the frame builder tells frames apart.
package struct FrameTarget: Hashable, Sendable {
    /// The backend's name for it (a GL framebuffer; 0 the window's back buffer).
    package var id: UInt32
    package var width: Int
    package var height: Int
    /// Whether the target keeps its pixels until the next frame, so an
    /// unchanged frame can be skipped and a changed one redraw only its damage
    /// (an offscreen framebuffer does; a back buffer after a swap does not).
    package var keepsPixels: Bool

    package init(id: UInt32, width: Int, height: Int, keepsPixels: Bool) {
        self.id = id; self.width = width; self.height = height; self.keepsPixels = keepsPixels
    }
}
