import Foundation

/// The properties of CALayer and its subclasses, by KVC key: one line each,
/// naming the key, its kind (the builder), the stored field in the layer's
/// state value (`LayerState`, or the subclass's payload) and the public
/// property (the setter KVC goes through, with actions).
///
/// `nonisolated(unsafe)`: each table is a `let` built once and never mutated;
/// its closures capture only field offsets and key paths, so sharing it between threads is safe.
enum LayerPropertyTable {
    nonisolated(unsafe) static let layer: [String: LayerProperty] = Builder<LayerState, CALayer>.index { t in
        [
            t.rect("bounds", \.bounds, \.bounds),
            t.point("position", \.position, \.position),
            t.number("zPosition", \.zPosition, \.zPosition),
            t.point("anchorPoint", \.anchorPoint, \.anchorPoint),
            t.number("anchorPointZ", \.anchorPointZ, \.anchorPointZ),
            t.transform("transform", \.transform, \.transform),
            t.transform("sublayerTransform", \.sublayerTransform, \.sublayerTransform),
            t.bool("hidden", \.isHidden, \.isHidden, animatable: true),
            t.bool("doubleSided", \.isDoubleSided, \.isDoubleSided, animatable: true),
            t.bool("geometryFlipped", \.isGeometryFlipped, \.isGeometryFlipped),
            t.option("autoresizingMask", \.autoresizingMask, \.autoresizingMask),
            t.bool("masksToBounds", \.masksToBounds, \.masksToBounds, animatable: true),
            t.number("cornerRadius", \.cornerRadius, \.cornerRadius),
            t.option("maskedCorners", \.maskedCorners, \.maskedCorners),
            t.string("cornerCurve", \.cornerCurve, \.cornerCurve),
            t.color("backgroundColor", \.backgroundColor, \.backgroundColor),
            t.number("borderWidth", \.borderWidth, \.borderWidth),
            t.color("borderColor", \.borderColor, \.borderColor),
            t.float("opacity", \.opacity, \.opacity),
            t.bool("allowsGroupOpacity", \.allowsGroupOpacity, \.allowsGroupOpacity),
            t.bool("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, \.allowsEdgeAntialiasing),
            t.option("edgeAntialiasingMask", \.edgeAntialiasingMask, \.edgeAntialiasingMask),
            t.bool("opaque", \.isOpaque, \.isOpaque),
            t.any("compositingFilter", \.compositingFilter, \.compositingFilter),
            t.anyArray("filters", \.filters, \.filters),
            t.anyArray("backgroundFilters", \.backgroundFilters, \.backgroundFilters),
            t.color("shadowColor", \.shadowColor, \.shadowColor),
            t.float("shadowOpacity", \.shadowOpacity, \.shadowOpacity),
            t.number("shadowRadius", \.shadowRadius, \.shadowRadius),
            t.size("shadowOffset", \.shadowOffset, \.shadowOffset),
            t.path("shadowPath", \.shadowPath, \.shadowPath),
            t.contents("contents", \.contents, \.contents),
            t.rect("contentsRect", \.contentsRect, \.contentsRect),
            t.rect("contentsCenter", \.contentsCenter, \.contentsCenter),
            t.string("contentsGravity", \.contentsGravity, \.contentsGravity),
            t.number("contentsScale", \.contentsScale, \.contentsScale, animatable: false),
            t.string("minificationFilter", \.minificationFilter, \.minificationFilter),
            t.string("magnificationFilter", \.magnificationFilter, \.magnificationFilter),
            t.float("minificationFilterBias", \.minificationFilterBias, \.minificationFilterBias, animatable: false),
            t.string("contentsFormat", \.contentsFormat, \.contentsFormat),
            t.bool(
                "wantsExtendedDynamicRangeContent", \.wantsExtendedDynamicRangeContent,
                \.wantsExtendedDynamicRangeContent),
            t.bool("drawsAsynchronously", \.drawsAsynchronously, \.drawsAsynchronously),
            t.bool("shouldRasterize", \.shouldRasterize, \.shouldRasterize),
            t.number("rasterizationScale", \.rasterizationScale, \.rasterizationScale, animatable: false),
            t.double("beginTime", \.beginTime, \.beginTime),
            t.double("duration", \.duration, \.duration),
            t.float("speed", \.speed, \.speed, animatable: false),
            t.double("timeOffset", \.timeOffset, \.timeOffset),
            t.float("repeatCount", \.repeatCount, \.repeatCount, animatable: false),
            t.double("repeatDuration", \.repeatDuration, \.repeatDuration),
            t.bool("autoreverses", \.autoreverses, \.autoreverses),
            t.string("fillMode", \.fillMode, \.fillMode),
        ]
    }

    nonisolated(unsafe) static let gradient: [String: LayerProperty] = Builder<GradientLayerState, CAGradientLayer>
        .index { t in
            [
                t.colorArray("colors", \.colors, \.colors),
                t.numberArray("locations", \.locations, \.locations, animatable: true),
                t.point("startPoint", \.startPoint, \.startPoint),
                t.point("endPoint", \.endPoint, \.endPoint),
                t.string("type", \.type, \.type),
                t.point("radialFocus", \.radialFocus, \.radialFocus),
            ]
        }

    nonisolated(unsafe) static let shape: [String: LayerProperty] = Builder<ShapeLayerState, CAShapeLayer>.index { t in
        [
            t.path("path", \.path, \.path),
            t.color("fillColor", \.fillColor, \.fillColor),
            t.string("fillRule", \.fillRule, \.fillRule),
            t.color("strokeColor", \.strokeColor, \.strokeColor),
            t.number("lineWidth", \.lineWidth, \.lineWidth),
            t.string("lineCap", \.lineCap, \.lineCap),
            t.string("lineJoin", \.lineJoin, \.lineJoin),
            t.number("miterLimit", \.miterLimit, \.miterLimit),
            t.numberArray("lineDashPattern", \.lineDashPattern, \.lineDashPattern, animatable: false),
            t.number("lineDashPhase", \.lineDashPhase, \.lineDashPhase),
            t.number("strokeStart", \.strokeStart, \.strokeStart),
            t.number("strokeEnd", \.strokeEnd, \.strokeEnd),
        ]
    }

    nonisolated(unsafe) static let text: [String: LayerProperty] = Builder<TextLayerState, CATextLayer>.index { t in
        [
            t.any("string", \.string, \.string),
            t.any("font", \.font, \.font),
            t.number("fontSize", \.fontSize, \.fontSize),
            t.color("foregroundColor", \.foregroundColor, \.foregroundColor),
            t.bool("wrapped", \.isWrapped, \.isWrapped),
            t.string("alignmentMode", \.alignmentMode, \.alignmentMode),
            t.string("truncationMode", \.truncationMode, \.truncationMode),
            t.bool(
                "allowsFontSubpixelQuantization", \.allowsFontSubpixelQuantization,
                \.allowsFontSubpixelQuantization),
        ]
    }

    nonisolated(unsafe) static let replicator: [String: LayerProperty] = Builder<
        ReplicatorLayerState, CAReplicatorLayer
    >
    .index { t in
        [
            t.integer("instanceCount", \.instanceCount, \.instanceCount),
            t.bool("preservesDepth", \.preservesDepth, \.preservesDepth),
            t.double("instanceDelay", \.instanceDelay, \.instanceDelay, animatable: true),
            t.transform("instanceTransform", \.instanceTransform, \.instanceTransform),
            t.color("instanceColor", \.instanceColor, \.instanceColor),
            t.float("instanceRedOffset", \.instanceRedOffset, \.instanceRedOffset),
            t.float("instanceGreenOffset", \.instanceGreenOffset, \.instanceGreenOffset),
            t.float("instanceBlueOffset", \.instanceBlueOffset, \.instanceBlueOffset),
            t.float("instanceAlphaOffset", \.instanceAlphaOffset, \.instanceAlphaOffset),
        ]
    }

    /// Whether `key` is a property of any Strata layer class.
    static func isPropertyKey(_ key: String) -> Bool {
        layer[key] != nil || shape[key] != nil || gradient[key] != nil || text[key] != nil
            || replicator[key] != nil || EmitterProperties.named(key) != nil
    }

    /// Reads and writes a stored matrix: how transform parts reach theirs.
    struct Stored<L: CALayer, V> {
        let get: (L) -> V
        let set: (L, V) -> Void
        init(_ get: @escaping (L) -> V, _ set: @escaping (L, V) -> Void) { self.get = get; self.set = set }
    }
}
