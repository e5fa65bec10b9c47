import Foundation

/// What the layer program must be able to do for a batch of items: each is a
/// part of `Shaders/layer.frag` compiled in only when some item needs it.
///
/// Mesa's software rasterizer runs every instruction of a fragment shader for
/// every pixel block whatever the branches decide, so the full program costs a
/// plain rounded rectangle about eight times what its own part does; a GPU
/// pays less but still in registers and occupancy.
package struct LayerFeatures: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Backgrounds, contents and borders (`DrawItem.Kind.layer`).
    package static let bodies = LayerFeatures(rawValue: 1 << 0)
    /// Closed-form shadows.
    package static let shadows = LayerFeatures(rawValue: 1 << 1)
    /// Composited passes (with their masks and tints).
    package static let composites = LayerFeatures(rawValue: 1 << 2)
    /// Gradient fills.
    package static let gradients = LayerFeatures(rawValue: 1 << 3)
    /// Contents textures drawn over the background.
    package static let textures = LayerFeatures(rawValue: 1 << 4)
    /// Border rings.
    package static let borders = LayerFeatures(rawValue: 1 << 5)
    /// Edges that are not all anti-aliased (shared edges of abutting items).
    package static let hardEdges = LayerFeatures(rawValue: 1 << 6)
    /// Clip shapes from ancestors.
    package static let clips = LayerFeatures(rawValue: 1 << 7)
    /// Borders drawn along an arc (trimmed strokes of circles).
    package static let arcs = LayerFeatures(rawValue: 1 << 8)
    /// Apple's continuous corners (`cornerCurve = .continuous`) on shapes or clips: a
    /// superellipse-like norm with powers, which every pixel of a batch would pay for.
    package static let continuousCorners = LayerFeatures(rawValue: 1 << 9)
    /// Radial gradients (with `.gradients`; axial ones need only that).
    package static let radialGradients = LayerFeatures(rawValue: 1 << 10)
    /// Conic gradients (with `.gradients`).
    package static let conicGradients = LayerFeatures(rawValue: 1 << 11)

    /// Borders drawn as dashes along a circle (dashed strokes of circles).
    package static let dashes = LayerFeatures(rawValue: 1 << 12)
    /// Blend modes that mix with the backdrop copied under the draw (`Shaders/blend.glsl`).
    package static let blendModes = LayerFeatures(rawValue: 1 << 13)

    /// Items other than composites masked by a texture they read by device
    /// position (``RenderList/foldMaskedContent()``).
    package static let maskedBodies = LayerFeatures(rawValue: 1 << 14)

    /// Items other than composites masked by a bitmap turned on the device,
    /// read through the inverse of its mapping (``MaskPlacement/unitMap``).
    package static let mappedMasks = LayerFeatures(rawValue: 1 << 15)
    /// The coverage of an item's own rounded rectangle: for its fill, gradient,
    /// border ring or contents clipped to it. Items that draw only contents
    /// (a path's bitmap), arcs or dashes skip it.
    package static let shapes = LayerFeatures(rawValue: 1 << 16)
    /// Items other than composites masked by a pass they read by device
    /// position texel for pixel (``MaskPlacement/texelForPixel``): a fetch,
    /// where a software rasterizer's filtered read costs several.
    package static let texelMasks = LayerFeatures(rawValue: 1 << 17)

    /// Every feature: the whole program.
    package static let all = LayerFeatures(rawValue: 0x3_FFFF)

    /// The preprocessor symbols that compile these features into `layer.frag`.
    package var shaderDefines: [String] {
        var defines = ["LAYER_FEATURES"]
        let names: [(LayerFeatures, String)] = [
            (.bodies, "WITH_BODIES"), (.shadows, "WITH_SHADOWS"), (.composites, "WITH_COMPOSITES"),
            (.gradients, "WITH_GRADIENTS"), (.textures, "WITH_TEXTURES"), (.borders, "WITH_BORDERS"),
            (.hardEdges, "WITH_HARD_EDGES"), (.clips, "WITH_CLIPS"), (.arcs, "WITH_ARCS"),
            (.continuousCorners, "WITH_CONTINUOUS_CORNERS"), (.radialGradients, "WITH_RADIAL_GRADIENTS"),
            (.conicGradients, "WITH_CONIC_GRADIENTS"), (.dashes, "WITH_DASHES"),
            (.blendModes, "WITH_BLEND_MODES"), (.maskedBodies, "WITH_MASKED_BODIES"),
            (.mappedMasks, "WITH_MAPPED_MASKS"), (.shapes, "WITH_SHAPES"), (.texelMasks, "WITH_TEXEL_MASKS"),
        ]
        for (feature, name) in names where contains(feature) { defines.append(name) }
        return defines
    }
}

extension DrawItem {
    /// The parts of the layer program this item uses.
    package var layerFeatures: LayerFeatures {
        var f: LayerFeatures = clip >= 0 ? .clips : []
        if blend.readsBackdrop { f.insert(.blendModes) }
        if continuousCorners { f.insert(.continuousCorners) }
        switch kind {
        case .shadow: f.insert(.shadows)
        case .composite: f.insert(.composites)
        case .particle, .particles:
            f.formUnion([.bodies, .textures])
            if !fill.isClear { f.insert(.shapes) }
        case .layer:
            f.insert(.bodies)
            if antialiasedEdges != 0b1111 { f.insert(.hardEdges) }
            if !fill.isClear || clipsContentToShape { f.insert(.shapes) }
            if mask != nil {
                if maskPlacement?.unitMap != nil {
                    f.insert(.mappedMasks)
                } else {
                    f.insert(maskPlacement?.texelForPixel == true ? .texelMasks : .maskedBodies)
                }
            }
            switch content {
            case .borderArc?, .borderDashes?: break
            default: if borderWidth > 0 { f.formUnion([.borders, .shapes]) }
            }
            switch content {
            case .gradient(_, let type, _, _, _)?:
                f.formUnion([.gradients, .shapes])
                switch type {
                case .axial: break
                case .radial: f.insert(.radialGradients)
                case .conic: f.insert(.conicGradients)
                }
            case .texture?, .particles?: f.insert(.textures)
            case .borderArc?: f.insert(.arcs)
            case .borderDashes?: f.insert(.dashes)
            case nil: break
            }
        }
        return f
    }
}
