import Foundation
import Strata

/// Constants the shaders share with Swift, written once here: every shader is
/// compiled with them as `#define NAME value` lines, so GLSL cannot drift from
/// the instance layout and textures the frame builder writes.
package enum ShaderConstants {
    /// `NAME value` pairs, for `#define`.
    package static let defines: [String] = {
        typealias F = LayerInstance.Flags
        let values: [(String, Int)] = [
            ("KIND_MASK", Int(F.kindMask)), ("KIND_SHADOW", Int(F.kindShadow)),
            ("KIND_COMPOSITE", Int(F.kindComposite)), ("HAS_TEXTURE", Int(F.hasTexture)),
            ("HAS_GRADIENT", Int(F.hasGradient)), ("GRADIENT_TYPE_SHIFT", Int(F.gradientTypeShift)),
            ("CLIP_CONTENT", Int(F.clipContent)), ("CONTINUOUS", Int(F.continuous)),
            ("AA_SHIFT", Int(F.antialiasShift)), ("HAS_MASK", Int(F.hasMask)), ("HAS_TINT", Int(F.hasTint)),
            ("HAS_ARC", Int(F.hasArc)), ("HAS_DASHES", Int(F.hasDashes)), ("INVERTS_MASK", Int(F.invertsMask)),
            ("TRANSPOSES_MASK", Int(F.transposesMask)), ("MAPS_MASK", Int(F.mapsMask)),
            ("READS_MASK_TEXELS", Int(F.readsMaskTexels)),
            ("CLIP_TEXELS", ClipShape.texelsPerClip), ("RAMP_WIDTH", GradientRamp.width),
            ("RING_SEGMENTS", DrawGeometry.ringSegments),
            ("MAX_LOOKS", ParticleBatch.maximumLooks), ("LOOK_VECTORS", PlannedParticles.vectorsPerLook),
        ]
        return values.map { "\($0.0) \($0.1)" }
    }()
}
