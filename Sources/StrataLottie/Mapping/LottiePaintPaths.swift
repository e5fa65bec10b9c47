import Foundation
import Strata

/// The paths each paint (fill, stroke, gradient) of a shape layer draws,
/// worked out from the layer's whole item tree before any layer is made.
///
/// Lottie's rules, as lottie-web and rlottie apply them:
/// - a paint draws every shape before it in its group and in the groups
///   nested before it;
/// - a modifier (trim, round corners, pucker/bloat, zig-zag, offset path,
///   twist)
///   changes every shape before it in its group and in the groups nested
///   before it, wherever the paints sit:
///   `[path, stroke, trim]` and `[group{path, stroke}, trim]` draw a trimmed
///   line, as `[path, trim, stroke]` does. Modifiers apply in file order,
///   inner groups first, to each shape's outline in its own group's
///   coordinates (a trim measures lengths before group transforms);
/// - a repeater makes copies of the shapes before it, which the paints and
///   modifiers after it see;
/// - merge paths make the shapes before it in its group (nested ones moved
///   by their groups' transforms) one shape, combined by its mode.
///
/// So a paint's paths are known only once every modifier of the layer is
/// read: each shape is a ``Slot`` that modifiers rewrite, and a paint keeps
/// the slots it draws.
struct LottiePaintPaths {
    /// One shape's outline in its own group, as the modifiers read so far have made it.
    final class Slot {
        var node: LottiePathNode
        init(_ node: LottiePathNode) { self.node = node }
    }

    /// A shape as a paint sees it: its slot, and the transforms of the groups
    /// between the shape and the paint (innermost first).
    struct Entry {
        let slot: Slot
        var transforms: [LottieTransform] = []

        /// The outline in the paint's group.
        var node: LottiePathNode { transforms.reduce(slot.node) { .transformed($0, $1) } }
    }

    /// The shapes each paint of this group draws, by item index.
    private(set) var paints: [Int: [Entry]] = [:]
    /// Nested groups, by item index.
    private(set) var groups: [Int: LottiePaintPaths] = [:]

    /// The paths of a shape layer's items (`shapes`).
    init(_ items: [LottieShapeItem]) {
        var entries: [Entry] = []
        self.init(items, depth: 0, entries: &entries)
    }

    /// A group's items; `entries` gets the group's shapes, for the groups around it.
    private init(_ items: [LottieShapeItem], depth: Int, entries: inout [Entry]) {
        // Deeper groups are an error the builder reports (LottieLimits.maximumGroupDepth).
        guard depth < LottieLimits.maximumGroupDepth else { return }
        var own: [Entry] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .rectangle(let r): own.append(Entry(slot: Slot(.rectangle(r, rounding: nil))))
            case .ellipse(let e): own.append(Entry(slot: Slot(.ellipse(e))))
            case .polystar(let s): own.append(Entry(slot: Slot(.polystar(s))))
            case .path(let p): own.append(Entry(slot: Slot(.bezier(p))))
            case .group(let g):
                var inner: [Entry] = []
                groups[i] = LottiePaintPaths(g.items, depth: depth + 1, entries: &inner)
                own += inner.map {
                    var e = $0; e.transforms.append(g.transform); return e
                }
            case .fill, .stroke, .gradientFill, .gradientStroke:
                paints[i] = own
            case .trim(let trim):
                Self.apply(trim, to: own)
            case .roundCorners(let round):
                for e in own {
                    if case .rectangle(let r, nil) = e.slot.node {
                        e.slot.node = .rectangle(r, rounding: round.radius)
                    } else {
                        e.slot.node = .rounded(e.slot.node, round.radius)
                    }
                }
            case .puckerBloat(let pb):
                for e in own { e.slot.node = .puckered(e.slot.node, pb) }
            case .zigZag(let zz):
                for e in own { e.slot.node = .zigZagged(e.slot.node, zz) }
            case .offsetPath(let op):
                for e in own { e.slot.node = .offset(e.slot.node, op) }
            case .twist(let tw):
                for e in own { e.slot.node = .twisted(e.slot.node, tw) }
            case .mergePaths(let merge):
                // The shapes so far become one, for the paints and modifiers after it; a paint
                // before it keeps the shapes it was given, unmerged.
                let nodes = own.map(\.node)
                own = nodes.isEmpty ? [] : [Entry(slot: Slot(.merged(nodes, merge.mode)))]
            case .repeater(let r):
                // The copies are new shapes of this group (what modifiers after the repeater change).
                let count = LottieBuilder.maximumCopies(r)
                own = (0..<count).flatMap { k in own.map { Entry(slot: Slot(.repeated($0.node, r, copy: k))) } }
            case .transform, .ignored:
                break
            }
        }
        entries = own
    }

    /// Trims every shape of `entries`: each on its own (simultaneously, `m` 1), or all as one
    /// path in file order, each shape getting its part (individually, `m` 2).
    private static func apply(_ trim: LottieTrim, to entries: [Entry]) {
        guard trim.individually && entries.count > 1 else {
            for e in entries { e.slot.node = .trimmed([e.slot.node], trim) }
            return
        }
        let joint = LottieJointTrim(nodes: entries.map { $0.slot.node }, trim: trim)
        for (k, e) in entries.enumerated() { e.slot.node = .trimmedPart(joint, index: k) }
    }

    /// The outlines paint `index` of this group draws, in the group's coordinates (read
    /// once the whole tree is built).
    func nodes(ofPaint index: Int) -> [LottiePathNode] { (paints[index] ?? []).map(\.node) }

    /// The paths of nested group `index`.
    func group(_ index: Int) -> LottiePaintPaths { groups[index] ?? LottiePaintPaths([]) }
}

/// Shapes trimmed as one path (a trim with `m` 2): their lengths add up, in order, and
/// each shape draws its part of the trimmed range.
final class LottieJointTrim {
    let nodes: [LottiePathNode]
    let trim: LottieTrim

    init(nodes: [LottiePathNode], trim: LottieTrim) {
        self.nodes = nodes
        self.trim = trim
    }

    /// The trimmed range at `frame`, as fractions (start after end: it wraps round through the start).
    func segment(at frame: Double) -> (Double, Double) {
        LottieGeometry.trimSegment(
            start: trim.start.value(at: frame), end: trim.end.value(at: frame),
            offset: trim.offset.value(at: frame))
    }

    /// All the shapes trimmed together, as one path.
    func path(at frame: Double) -> CGPath {
        let (start, end) = segment(at: frame)
        return LottieGeometry.trim(LottiePathNode.combined(nodes, at: frame), start: start, end: end)
    }

    /// Shape `index`'s part of the trimmed range.
    func part(_ index: Int, at frame: Double) -> CGPath {
        let (start, end) = segment(at: frame)
        let paths = nodes.map { $0.path(at: frame) }
        if start == 0 && end == 1 { return paths[index] }
        if start == end { return CGPath() }
        let lengths = paths.map(LottieGeometry.length)
        let total = lengths.reduce(0, +)
        let before = lengths[..<index].reduce(0, +), own = lengths[index]
        let ranges: [(Double, Double)] =
            start < end ? [(start * total, end * total)] : [(start * total, total), (0, end * total)]
        let out = CGMutablePath()
        for (lo, hi) in ranges {
            guard own > 0 else {
                if lo <= before && before <= hi { out.addPath(paths[index]) }
                continue
            }
            let from = (max(lo, before) - before) / own, to = (min(hi, before + own) - before) / own
            if from < to { out.addPath(LottieGeometry.trim(paths[index], start: from, end: min(to, 1))) }
        }
        return out
    }
}
