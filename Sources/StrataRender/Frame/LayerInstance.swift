import Foundation
import Strata

/// Per-instance data of the layer program (`Shaders/layer.vert`), 204 bytes:
///
///     byte   0 ┌────────────────────────────────────────────┐
///              │ map: rows of the plane mapping, 3 × vec3   │ 36 B
///           36 │ quad.xywh     (local, drawn)               │
///           52 │ shape.xywh    (local, distance field)      │
///           68 │ radii: minXMinY maxXMinY maxXMaxY minXMaxY │
///           84 │ fill.rgba     (premultiplied)              │
///          100 │ border.rgba | particle tint (premultiplied)│
///              │   | a composite's mask uv0.xy uv1.xy       │
///          116 │ borderWidth  opacity  sigma  clip index    │
///          132 │ content rect xywh | gradient start.xy end.xy
///              │   | arc turn, sweep, caps | dashes turn, dash, gap, phase
///          148 │ uv0.xy uv1.xy     | ramp row, 0, focus.xy   │
///              │   | arc ends | dashes' start.xy, caps      │
///          164 │ flags: Int32 (see `Flags`)                 │
///          168 │ tint.rgba: UInt8 × 4, normalized (premult.)│
///          172 │ maskRect.xywh (device) | a masked item's   │
///              │   | its mask's unit map (border: its shift)│
///          188 │ maskUV uv0.xy uv1.xy   | mask, by position │
///          204 └────────────────────────────────────────────┘
///
/// Tuples keep the fields contiguous; `LayerInstanceTests` locks the offsets.
package struct LayerInstance: BitwiseCopyable, Sendable {
    package var map: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
    package var quad: (Float, Float, Float, Float)
    package var shape: (Float, Float, Float, Float)
    package var radii: (Float, Float, Float, Float)
    package var fill: (Float, Float, Float, Float)
    package var border: (Float, Float, Float, Float)
    package var params: (Float, Float, Float, Float)
    package var content: (Float, Float, Float, Float)
    package var uv: (Float, Float, Float, Float)
    package var flags: Int32
    /// A replicator instance's colour, multiplied into everything drawn
    /// (white for most items); a byte per component is finer than the
    /// 8-bit target it ends in.
    package var tint: (UInt8, UInt8, UInt8, UInt8)
    /// For a masked item that is not a composite (``MaskPlacement/region``):
    /// the device rectangle its mask spans, and the mask's texture
    /// coordinates at its start and end.
    package var maskRect: (Float, Float, Float, Float)
    package var maskUV: (Float, Float, Float, Float)

    /// Bits of `flags`; `Shaders/layer.frag` is compiled with these values
    /// (``ShaderConstants``), so the two cannot disagree.
    package enum Flags {
        package static let kindMask: Int32 = 3
        package static let kindShadow: Int32 = 1
        package static let kindComposite: Int32 = 2
        package static let hasTexture: Int32 = 4
        package static let hasGradient: Int32 = 8
        package static let gradientTypeShift: Int32 = 4
        package static let clipContent: Int32 = 64
        package static let continuous: Int32 = 128
        package static let antialiasShift: Int32 = 8
        package static let hasMask: Int32 = 4096
        package static let hasTint: Int32 = 8192
        package static let hasArc: Int32 = 16384
        package static let hasDashes: Int32 = 32768
        package static let invertsMask: Int32 = 65536
        package static let transposesMask: Int32 = 131072
        /// A masked item other than a composite reads its mask through
        /// ``MaskPlacement/unitMap`` (kept in `maskRect` and `border`).
        package static let mapsMask: Int32 = 262144
        /// A masked item other than a composite reads its mask texel for pixel
        /// (``MaskPlacement/texelForPixel``).
        package static let readsMaskTexels: Int32 = 524288
    }

    /// Packs `item`; `uvRect` maps a texture source and a rect in the source's unit
    /// coordinates to texture coordinates (atlas slot, flipped pass…).
    package init(_ item: borrowing DrawItem, uvRect: (TextureSource, CGRect) -> (Float, Float, Float, Float)) {
        let m = item.mapping
        map = (
            Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m21), Float(m.m22), Float(m.m23),
            Float(m.m31), Float(m.m32), Float(m.m33)
        )
        quad = Self.rect(item.quad)
        shape = Self.rect(item.shape)
        radii = (
            Float(item.radii.minXMinY), Float(item.radii.maxXMinY), Float(item.radii.maxXMaxY),
            Float(item.radii.minXMaxY)
        )
        fill = (item.fill.r, item.fill.g, item.fill.b, item.fill.a)
        border = (item.borderColor.r, item.borderColor.g, item.borderColor.b, item.borderColor.a)
        params = (Float(item.borderWidth), item.opacity, Float(item.blurSigma), Float(item.clip))
        var f: Int32
        switch item.kind {
        case .layer: f = 0
        // The layer program's body path, tinted (`Shaders/particle.frag` reads the same fields).
        case .particle: f = Flags.hasTint
        // Drawn from the frame's births; this instance only holds the item's place.
        case .particles: f = Flags.hasTint
        case .shadow: f = Flags.kindShadow
        case .composite: f = Flags.kindComposite
        }
        content = (0, 0, 1, 1)
        uv = (0, 0, 1, 1)
        maskRect = (0, 0, 1, 1)
        maskUV = (0, 0, 1, 1)
        switch item.content {
        case .texture(let source, let unitRect, let rect)?:
            f |= Flags.hasTexture
            content = Self.rect(rect)
            uv = uvRect(source, unitRect)
            // The mask pass covers the same part of the device as the content
            // pass, but its target may be another size: the mask gets its own
            // texture coordinates (a composite draws no border).
            if item.kind == .composite, let mask = item.mask {
                let area = item.maskPlacement?.area ?? SIMD4(0, 0, 1, 1)
                border = Self.oriented(uvRect(mask, Self.unitRect(of: area)), as: area)
            }
        case .gradient(let ramp, let type, let start, let end, let focus)?:
            f |= Flags.hasGradient
            let t: Int32 = type == .radial ? 1 : type == .conic ? 2 : 0
            f |= t << Flags.gradientTypeShift
            content = (Float(start.x), Float(start.y), Float(end.x), Float(end.y))
            // A radial gradient's focal point, kept inside its ellipse (the shader's rays from it must meet it).
            let length = hypot(focus.x, focus.y)
            let inside = length > Self.focusLimit ? Self.focusLimit / length : 1
            uv = (Float(ramp), 0, Float(focus.x * inside), Float(focus.y * inside))
        case .borderArc(let start, let sweep, let roundCaps)?:
            f |= Flags.hasArc
            // The shader needs no angles: the turn's direction and size, and the unit vectors
            // of both ends (cut lines and cap centres), so no pixel takes an arctangent.
            content = (sweep < 0 ? -1 : 1, Float(abs(sweep)), roundCaps ? 1 : 0, 0)
            uv = (Float(cos(start)), Float(sin(start)), Float(cos(start + sweep)), Float(sin(start + sweep)))
        case .borderDashes(let d)?:
            f |= Flags.hasDashes
            content = (Float(d.turn), Float(d.dash), Float(d.gap), Float(d.phase))
            uv = (Float(cos(d.start)), Float(sin(d.start)), d.roundCaps ? 1 : 0, 0)
        case .particles?, nil: break
        }
        if item.clipsContentToShape { f |= Flags.clipContent }
        if item.continuousCorners { f |= Flags.continuous }
        if let mask = item.mask {
            f |= item.maskPlacement?.inverted == true ? Flags.hasMask | Flags.invertsMask : Flags.hasMask
            if item.maskPlacement?.transposed == true { f |= Flags.transposesMask }
            if item.kind != .composite, let placement = item.maskPlacement {
                if let map = placement.unitMap {
                    // The bitmap's unit coordinates of a device point, and its texture coordinates.
                    f |= Flags.mapsMask
                    maskRect = (map[0], map[1], map[2], map[3])
                    border = (map[4], map[5], 0, 0)
                    maskUV = uvRect(mask, CGRect(x: 0, y: 0, width: 1, height: 1))
                } else if let region = placement.region {
                    if placement.texelForPixel { f |= Flags.readsMaskTexels }
                    maskRect = Self.rect(region)
                    maskUV = Self.oriented(uvRect(mask, Self.unitRect(of: placement.area)), as: placement.area)
                }
            }
        }
        if item.kind == .composite && !item.fill.isClear { f |= Flags.hasTint }
        f |= Int32(item.antialiasedEdges & 0b1111) << Flags.antialiasShift
        flags = f
        tint = Self.bytes(item.tint)
    }

    /// Multiplies `paint` into the tint of an instance drawing a coverage bitmap
    /// (sampled as white through its coverage) whose item is tinted `itemTint`.
    package mutating func multiplyTint(by paint: PremultipliedColor, itemTint: PremultipliedColor) {
        tint = Self.bytes(
            PremultipliedColor(
                r: itemTint.r * paint.r, g: itemTint.g * paint.g, b: itemTint.b * paint.b, a: itemTint.a * paint.a))
    }

    /// A colour as the tint's normalized bytes.
    private static func bytes(_ color: PremultipliedColor) -> (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ v: Float) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(color.r), byte(color.g), byte(color.b), byte(color.a))
    }

    /// The farthest a radial gradient's focal point lies from its centre, in radii.
    static let focusLimit: CGFloat = 0.999

    /// The rectangle `area` spans in a mask's unit square (x0 > x1 where it is flipped).
    static func unitRect(of a: SIMD4<Float>) -> CGRect {
        let (x0, x1) = (min(a.x, a.z), max(a.x, a.z)), (y0, y1) = (min(a.y, a.w), max(a.y, a.w))
        return CGRect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
    }

    /// `uv` (the texture coordinates of `unitRect(of: area)`) from the start of
    /// `area` to its end: a flipped mask runs from its end to its start.
    static func oriented(_ uv: (Float, Float, Float, Float), as a: SIMD4<Float>) -> (Float, Float, Float, Float) {
        (
            a.x <= a.z ? uv.0 : uv.2, a.y <= a.w ? uv.1 : uv.3, a.x <= a.z ? uv.2 : uv.0,
            a.y <= a.w ? uv.3 : uv.1
        )
    }

    static func rect(_ r: CGRect) -> (Float, Float, Float, Float) {
        (Float(r.minX), Float(r.minY), Float(r.width), Float(r.height))
    }
}
