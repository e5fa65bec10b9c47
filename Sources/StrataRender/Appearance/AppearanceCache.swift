import Foundation

/// Which layer appearances are worth caching, remembered from frame to frame.
///
/// A leaf layer's look (background, border, rounded corners, closed-form
/// shadow) costs the most per pixel of anything the renderer draws, and in an
/// animation usually only the layer's transform or opacity changes. The cost
/// model: a look is cached (rendered into the frame's appearance atlas pass,
/// then drawn as one textured quad) once the same look was drawn in the
/// previous frame — by this layer or an identical one — so a look that changes
/// every frame never pays for the atlas, and one that holds still pays once:
/// the backend keeps the atlas's pixels while its content key holds. Looks
/// not drawn for a frame are forgotten, so the cache holds at most two
/// frames' worth of keys.
///
/// Keep one per renderer and hand it to each frame's ``Flattener``. Not
/// thread-safe: one flattening at a time.
public final class AppearanceCache {
    /// Looks drawn in the previous frame.
    var previous: Set<AppearanceKey> = []
    /// Looks drawn in the frame being built.
    var current: Set<AppearanceKey> = []
    /// Frames built with this cache.
    public private(set) var frames = 0

    public init() {}

    /// Whether `key`, drawn now, should come from the cache (and records it).
    func shouldCache(_ key: AppearanceKey) -> Bool {
        current.insert(key)
        return previous.contains(key)
    }

    /// Called once a frame is built: this frame's looks become the previous ones.
    func endFrame() {
        previous = current
        current.removeAll(keepingCapacity: true)
        frames += 1
    }
}
