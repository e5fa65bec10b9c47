import Foundation
import Strata

/// A path as a paint sees it: a shape item, with the modifiers and group
/// transforms between it and the paint applied. Evaluated at any frame of
/// its composition.
indirect enum LottiePathNode {
    /// A rectangle; `rounding` is a round-corners modifier's radius (it replaces the rectangle's own).
    case rectangle(LottieRectangle, rounding: LottieProperty<Double>?)
    case ellipse(LottieEllipse)
    case polystar(LottiePolystar)
    case bezier(LottiePath)
    /// Corners rounded by a round-corners modifier.
    case rounded(LottiePathNode, LottieProperty<Double>)
    /// Vertices and tangents moved by a pucker/bloat modifier.
    case puckered(LottiePathNode, LottiePuckerBloat)
    /// Made into ridges by a zig-zag modifier.
    case zigZagged(LottiePathNode, LottieZigZag)
    /// Moved out or in by an offset-path modifier.
    case offset(LottiePathNode, LottieOffsetPath)
    /// Turned about a centre by a twist modifier.
    case twisted(LottiePathNode, LottieTwist)
    /// Moved by a nested group's transform into the paint's group.
    case transformed(LottiePathNode, LottieTransform)
    /// Copy `copy` of a repeater.
    case repeated(LottiePathNode, LottieRepeater, copy: Int)
    /// Trimmed together (one node: trimmed on its own).
    case trimmed([LottiePathNode], LottieTrim)
    /// Shape `index`'s part of shapes trimmed as one path (see ``LottieJointTrim``).
    case trimmedPart(LottieJointTrim, index: Int)
    /// Shapes combined into one by a merge-paths item.
    case merged([LottiePathNode], LottieMergePaths.Mode)

    /// The path at `frame` (of the node's composition).
    func path(at frame: Double) -> CGPath {
        switch self {
        case .rectangle(let r, let rounding):
            return LottieGeometry.rectangle(
                center: r.position.value(at: frame), size: r.size.value(at: frame),
                roundness: (rounding ?? r.roundness).value(at: frame), clockwise: r.direction == .clockwise,
                alwaysRounded: Self.rectangleAlwaysRounded(r, rounding))
        case .ellipse(let e):
            return LottieGeometry.ellipse(
                center: e.position.value(at: frame), size: e.size.value(at: frame),
                clockwise: e.direction == .clockwise)
        case .polystar(let s):
            return LottieGeometry.polystar(
                isStar: s.isStar, center: s.position.value(at: frame), points: s.points.value(at: frame),
                rotation: s.rotation.value(at: frame), outerRadius: s.outerRadius.value(at: frame),
                outerRoundness: s.outerRoundness.value(at: frame), innerRadius: s.innerRadius.value(at: frame),
                innerRoundness: s.innerRoundness.value(at: frame), clockwise: s.direction == .clockwise)
        case .bezier(let p):
            return LottieGeometry.bezier(p.shape.value(at: frame), keepCurves: p.shape.isAnimated)
        case .rounded(let node, let radius):
            return LottieGeometry.roundingCorners(of: node.path(at: frame), radius: radius.value(at: frame))
        case .puckered(let node, let pb):
            return LottieGeometry.puckerBloat(node.path(at: frame), amount: pb.amount.value(at: frame))
        case .zigZagged(let node, let zz):
            return LottieGeometry.zigZag(
                node.path(at: frame), size: zz.size.value(at: frame),
                ridges: zz.ridges.value(at: frame), smooth: zz.pointType.value(at: frame) == 2)
        case .offset(let node, let op):
            return LottieGeometry.offset(
                node.path(at: frame), by: op.amount.value(at: frame), lineJoin: op.lineJoin,
                miterLimit: op.miterLimit.value(at: frame))
        case .twisted(let node, let tw):
            let c = tw.center.value(at: frame)
            return LottieGeometry.twist(
                node.path(at: frame), angle: tw.angle.value(at: frame), center: CGPoint(x: c.x, y: c.y))
        case .transformed(let node, let t):
            let path = node.path(at: frame)
            let m = LottieMatrix.affine(t, at: frame)
            if m.isIdentity { return path }
            let out = CGMutablePath()
            out.addPath(path, transform: m)
            return out
        case .repeated(let node, let r, let copy):
            let out = CGMutablePath()
            out.addPath(node.path(at: frame), transform: LottieMatrix.repeaterCopy(r, copy: copy, at: frame))
            return out
        case .trimmed(let nodes, let trim):
            let (start, end) = LottieGeometry.trimSegment(
                start: trim.start.value(at: frame), end: trim.end.value(at: frame),
                offset: trim.offset.value(at: frame))
            if nodes.count == 1 { return LottieGeometry.trim(nodes[0].path(at: frame), start: start, end: end) }
            return LottieGeometry.trim(Self.combined(nodes, at: frame), start: start, end: end)
        case .trimmedPart(let joint, let index):
            return joint.part(index, at: frame)
        case .merged(let nodes, let mode):
            if mode == .merge { return Self.combined(nodes, at: frame) }
            return LottieGeometry.merge(nodes.map { $0.path(at: frame) }, mode: mode)
        }
    }

    /// Several nodes as one path (each its own subpaths).
    static func combined(_ nodes: [LottiePathNode], at frame: Double) -> CGPath {
        if nodes.count == 1 { return nodes[0].path(at: frame) }
        // Every part of a joint trim, in order: trimmed as one path at once.
        if case .trimmedPart(let joint, 0)? = nodes.first, nodes.count == joint.nodes.count,
            nodes.indices.allSatisfy({ k in
                if case .trimmedPart(let j, let i) = nodes[k] { return j === joint && i == k }
                return false
            })
        {
            return joint.path(at: frame)
        }
        let out = CGMutablePath()
        for node in nodes { out.addPath(node.path(at: frame)) }
        return out
    }

    /// A rectangle whose roundness is animated through 0 keeps its rounded outline throughout (one structure to morph).
    static func rectangleAlwaysRounded(_ r: LottieRectangle, _ rounding: LottieProperty<Double>?) -> Bool {
        let roundness = rounding ?? r.roundness
        return roundness.isAnimated && roundness.segments.contains { $0.from > 0 || $0.to > 0 }
    }

    /// Whether a trim is part of the node.
    var isTrimmed: Bool {
        switch self {
        case .trimmed, .trimmedPart: return true
        case .merged(let nodes, _): return nodes.contains { $0.isTrimmed }
        case .rounded(let n, _), .transformed(let n, _), .repeated(let n, _, _), .puckered(let n, _),
            .zigZagged(let n, _), .offset(let n, _), .twisted(let n, _):
            return n.isTrimmed
        default: return false
        }
    }

    /// Whether the path changes over time.
    var isAnimated: Bool {
        switch self {
        case .rectangle(let r, let rounding):
            return r.position.isAnimated || r.size.isAnimated || (rounding ?? r.roundness).isAnimated
        case .ellipse(let e): return e.position.isAnimated || e.size.isAnimated
        case .polystar(let s):
            return s.position.isAnimated || s.points.isAnimated || s.rotation.isAnimated || s.outerRadius.isAnimated
                || s.outerRoundness.isAnimated || s.innerRadius.isAnimated || s.innerRoundness.isAnimated
        case .bezier(let p): return p.shape.isAnimated
        case .rounded(let node, let radius): return node.isAnimated || radius.isAnimated
        case .puckered(let node, let pb): return node.isAnimated || pb.amount.isAnimated
        case .zigZagged(let node, let zz):
            return node.isAnimated || zz.size.isAnimated || zz.ridges.isAnimated || zz.pointType.isAnimated
        case .offset(let node, let op): return node.isAnimated || op.amount.isAnimated || op.miterLimit.isAnimated
        case .twisted(let node, let tw): return node.isAnimated || tw.angle.isAnimated || tw.center.isAnimated
        case .transformed(let node, let t): return node.isAnimated || LottieMatrix.isAnimated(t)
        case .repeated(let node, let r, _):
            return node.isAnimated || r.anchor.isAnimated || r.position.isAnimated || r.scale.isAnimated
                || r.rotation.isAnimated || r.offset.isAnimated
        case .trimmed(let nodes, let t):
            return nodes.contains { $0.isAnimated } || t.start.isAnimated || t.end.isAnimated || t.offset.isAnimated
        case .trimmedPart(let joint, _):
            return LottiePathNode.trimmed(joint.nodes, joint.trim).isAnimated
        case .merged(let nodes, _): return nodes.contains { $0.isAnimated }
        }
    }

    /// The node's keyframes as paths, when its outline is one property's
    /// keyframes mapped through an affine function (so Core Animation's
    /// point-by-point path mixing gives the same outlines between keyframes).
    var keyframedPath: LottieProperty<LottiePathValue>? {
        switch self {
        case .bezier(let p):
            return p.shape.mapped { LottiePathValue(LottieGeometry.bezier($0, keepCurves: true)) }
        case .rectangle(let r, let rounding):
            let roundness = rounding ?? r.roundness
            let animated = [r.position.isAnimated, r.size.isAnimated, roundness.isAnimated].filter { $0 }.count
            guard animated == 1 else { return nil }
            let always = Self.rectangleAlwaysRounded(r, rounding)
            func make(_ p: LottieVector, _ s: LottieVector, _ rr: Double) -> LottiePathValue? {
                // Clamping the roundness is not affine: such keyframes are sampled.
                guard rr <= min(abs(s.x), abs(s.y)) / 2 || rr == 0 else { return nil }
                return LottiePathValue(
                    LottieGeometry.rectangle(
                        center: p, size: s, roundness: rr,
                        clockwise: r.direction == .clockwise,
                        alwaysRounded: always || rr > 0))
            }
            if r.position.isAnimated {
                return r.position.compactMapped { make($0, r.size.value, roundness.value) }
            } else if r.size.isAnimated {
                // Rounded corners keep their radius while the size changes only if it never clamps.
                return r.size.compactMapped { make(r.position.value, $0, roundness.value) }
            } else {
                return roundness.compactMapped { make(r.position.value, r.size.value, $0) }
            }
        case .ellipse(let e):
            let clockwise = e.direction == .clockwise
            if e.position.isAnimated && e.size.isAnimated { return nil }
            if e.position.isAnimated {
                return e.position.mapped {
                    LottiePathValue(LottieGeometry.ellipse(center: $0, size: e.size.value, clockwise: clockwise))
                }
            }
            return e.size.mapped {
                LottiePathValue(LottieGeometry.ellipse(center: e.position.value, size: $0, clockwise: clockwise))
            }
        case .transformed(let node, let t):
            guard !LottieMatrix.isAnimated(t), let inner = node.keyframedPath else { return nil }
            let m = LottieMatrix.affine(t, at: 0)
            return inner.mapped { v in
                let out = CGMutablePath()
                out.addPath(v.path, transform: m)
                return LottiePathValue(out)
            }
        default:
            return nil
        }
    }
}

/// A path as a keyframe value (mixed point by point, as Core Animation mixes paths).
struct LottiePathValue: LottieValue {
    let path: CGPath
    init(_ path: CGPath) { self.path = path }

    static func interpolate(_ a: LottiePathValue, _ b: LottiePathValue, progress: [Double]) -> LottiePathValue {
        let t = CGFloat(progress[0])
        guard a.path.elements.count == b.path.elements.count else { return progress[0] < 1 ? a : b }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        var out: [CGPath.Element] = []
        for (x, y) in zip(a.path.elements, b.path.elements) {
            switch (x, y) {
            case let (.moveTo(p), .moveTo(q)): out.append(.moveTo(mix(p, q)))
            case let (.lineTo(p), .lineTo(q)): out.append(.lineTo(mix(p, q)))
            case let (.curveTo(c1, c2, p), .curveTo(d1, d2, q)):
                out.append(.curveTo(control1: mix(c1, d1), control2: mix(c2, d2), to: mix(p, q)))
            case (.closeSubpath, .closeSubpath): out.append(.closeSubpath)
            default: return progress[0] < 1 ? a : b
            }
        }
        return LottiePathValue(CGPath(elements: out))
    }
}

extension LottieProperty {
    /// The same keyframes with every value mapped.
    func mapped<W: LottieValue>(_ f: (Value) -> W) -> LottieProperty<W> {
        guard !segments.isEmpty else { return LottieProperty<W>(f(value)) }
        return LottieProperty<W>(
            segments: segments.map { s in
                LottieSegment(
                    startTime: s.startTime, endTime: s.endTime, from: f(s.from), to: f(s.to), hold: s.hold,
                    easeOut: s.easeOut, easeIn: s.easeIn)
            })
    }

    /// The same keyframes with every value mapped, or nil when a value does not map.
    func compactMapped<W: LottieValue>(_ f: (Value) -> W?) -> LottieProperty<W>? {
        guard !segments.isEmpty else { return f(value).map { LottieProperty<W>($0) } }
        var out: [LottieSegment<W>] = []
        for s in segments {
            guard let from = f(s.from), let to = f(s.to) else { return nil }
            out.append(
                LottieSegment(
                    startTime: s.startTime, endTime: s.endTime, from: from, to: to, hold: s.hold,
                    easeOut: s.easeOut, easeIn: s.easeIn))
        }
        return LottieProperty<W>(segments: out)
    }
}
