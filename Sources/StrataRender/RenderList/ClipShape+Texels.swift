import Foundation

extension ClipShape {
    /// RGBA32F texels per clip in the clip texture (one clip per row), read by
    /// `clipCoverage` in `Shaders/layer.frag` (its `CLIP_TEXELS`).
    package static let texelsPerClip = 5

    /// The clip's row of the clip texture: the device-to-local mapping (9),
    /// rect (4), radii (4), continuous corners, parent index, and the edge:
    /// 0 anti-aliased, 1 hard, 2 anti-aliased and inverted.
    package func appendTexels(to data: inout [Float]) {
        let m = deviceToLocal
        data += [
            Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m21),
            Float(m.m22), Float(m.m23), Float(m.m31), Float(m.m32),
            Float(m.m33), Float(rect.minX), Float(rect.minY), Float(rect.width),
            Float(rect.height), Float(radii.minXMinY), Float(radii.maxXMinY), Float(radii.maxXMaxY),
            Float(radii.minXMaxY), continuousCorners ? 1 : 0, Float(parent),
            inverted ? 2 : antialiased ? 0 : 1,
        ]
    }
}
