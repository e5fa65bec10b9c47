import Foundation
import Strata

/// A shape layer's path that the uber-shader draws in closed form, where it
/// lands: a rectangle, rounded rectangle or circle, filled and/or stroked
/// with a plain line. It becomes one body item (fill, border) whose edges are
/// computed per device pixel under any transform, instead of a bitmap made on
/// the CPU, uploaded and resampled. A fill under a stroke is an item of its
/// own, drawn to the path (the stroke's item over it covers only the stroke).
struct AnalyticShape: Sendable {
    /// The item's shape: the path's rectangle, grown by half the line width when stroked.
    var rect: CGRect
    var radii: CornerRadii
    var fill: PremultipliedColor
    /// The stroke as the item's border (0: none).
    var borderWidth: Double
    var borderColor: PremultipliedColor
    /// For a trimmed stroke of a circle: the part of the border drawn (``DrawItem/Content/borderArc(start:sweep:roundCaps:)``).
    var borderArc: (start: Double, sweep: Double, roundCaps: Bool)?
    /// For a dashed stroke of a circle: its dashes (``DrawItem/Content/borderDashes(_:)``).
    var borderDashes: CircleDashes?
    /// For a fill under a stroke: the path's own rectangle and corners, which
    /// the fill reaches (not the stroke's outer edge, where the two would
    /// both cover the anti-aliased pixels and show darker than the stroke).
    var fillShape: (rect: CGRect, radii: CornerRadii)?

    /// What `recognized` found of a path's outline at a tolerance step,
    /// remembered across frames: a path is measured once, not in every
    /// frame's drawing, however its paint, width or trim change (an animated
    /// `strokeEnd` gives its layer new content every frame).
    private struct OutlineKey: Hashable {
        let path: CGPath
        let toleranceStep: Int
    }
    /// A path's outline: the rounded rectangle it traces (nil: none), and its
    /// length measured as the rasterizer measures it (NaN: not measured yet;
    /// only dashed circles need it).
    private struct Outline {
        let rounded: (rect: CGRect, radii: CornerRadii)?
        var measuredLength = Double.nan
    }
    // Behind a pthread lock, not a `Mutex`: ThreadSanitizer does not see a
    // `Mutex`'s ordering on Linux, and reported two flatteners' uses of it as races.
    nonisolated(unsafe) private static var outlines: [OutlineKey: Outline] = [:]
    private static let outlinesLock = NSLock()
    private static let outlinesCapacity = 1024

    /// `init(_:tolerance:)` with the tolerance rounded down to a quarter
    /// octave, the path's outline remembered for the next frames.
    static func recognized(_ shape: ShapeContent, tolerance: Double) -> AnalyticShape? {
        guard tolerance > 0, tolerance.isFinite, let path = shape.path, Self.mayTrace(path) else { return nil }
        let step = Int((log2(tolerance) * 4).rounded(.down))
        let key = OutlineKey(path: path, toleranceStep: step)
        let tolerance = pow(2, Double(step) / 4)
        var outline = outlinesLock.withLock { outlines[key] }
        if outline == nil {
            let made = Outline(rounded: RoundedRectRecognizer.recognize(path, tolerance: tolerance))
            remember(made, for: key)
            outline = made
        }
        return AnalyticShape(
            shape, tolerance: tolerance, rounded: outline!.rounded,
            measuredLength: {
                if !outline!.measuredLength.isNaN { return outline!.measuredLength }
                outline!.measuredLength = Self.measuredLength(path, tolerance: tolerance)
                remember(outline!, for: key)
                return outline!.measuredLength
            })
    }

    private static func remember(_ outline: Outline, for key: OutlineKey) {
        outlinesLock.withLock {
            if outlines.count >= outlinesCapacity && outlines[key] == nil { outlines.removeAll(keepingCapacity: true) }
            outlines[key] = outline
        }
    }

    /// Whether `path` is short enough to be looked at.
    private static func mayTrace(_ path: CGPath) -> Bool {
        !path.elements.isEmpty && path.elements.count <= maximumElements
    }

    /// The length of `path` measured by chords half a device pixel (2.5 `tolerance`s) close, as the rasterizer measures it.
    private static func measuredLength(_ path: CGPath, tolerance: Double) -> Double {
        Double(path.measuredLength(chordTolerance: 2.5 * tolerance))
    }

    /// Paths longer than this are not looked at: a rounded rectangle is a move,
    /// four curves, four lines and a close (and a spare element).
    static let maximumElements = 11

    /// The closed-form drawing of `shape`, or nil when it needs the rasterizer:
    /// another outline (checked to `tolerance`, path units), a dashed stroke of
    /// anything but a circle (or one trimmed, over a fill, with square caps or a
    /// pattern that is not one dash and one gap), a trimmed stroke of anything
    /// but a circle (or with square caps), an open stroke of anything but a
    /// circle, a join that bevels a square corner, or a translucent or trimmed
    /// stroke over a fill (the fill would show under the stroke's outer half).
    ///
    /// `rounded` is what `RoundedRectRecognizer` makes of the path at
    /// `tolerance`, and `measuredLength` gives the path's length as the
    /// rasterizer measures it (see `recognized`, which remembers both).
    init?(
        _ shape: ShapeContent, tolerance: Double, rounded: (rect: CGRect, radii: CornerRadii)?,
        measuredLength: () -> Double
    ) {
        guard let path = shape.path, Self.mayTrace(path) else { return nil }
        let fill = shape.fillColor.map { PremultipliedColor($0) } ?? .clear
        let stroke = shape.strokeColor.map { PremultipliedColor($0) } ?? .clear
        let lineWidth = Double(shape.lineWidth)
        let strokes = !stroke.isClear && lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        guard !fill.isClear || strokes else { return nil }
        let trimmed = strokes && (shape.strokeStart > 0 || shape.strokeEnd < 1)
        let dashed = strokes && Self.isDashed(shape.lineDashPattern)
        if strokes {
            guard lineWidth.isFinite, fill.isClear || (stroke.a >= 1 && !trimmed && !dashed) else { return nil }
        }
        guard let (rect, radii) = rounded else { return nil }
        guard strokes else {
            self.init(rect: rect, radii: radii, fill: fill, borderWidth: 0, borderColor: .clear)
            return
        }
        let half = lineWidth / 2
        let isCircle =
            abs(rect.width - rect.height) <= tolerance
            && [radii.minXMinY, radii.maxXMinY, radii.maxXMaxY, radii.minXMaxY].allSatisfy {
                abs($0 - Double(rect.width) / 2) <= tolerance
            }
        // A circle's stroke has no corners, and butt or round caps where it is open meet
        // in the ring; any other outline needs to be closed (open, its ends get caps).
        if dashed {
            guard isCircle, !trimmed, shape.lineCap != .square,
                let (dash, gap) = Self.dashAndGap(shape.lineDashPattern), shape.lineDashPhase.isFinite,
                let turn = Self.arc(of: path, around: CGPoint(x: rect.midX, y: rect.midY), from: 0, to: 1)
            else { return nil }
            self.init(circleStroke: rect, radii: radii, width: lineWidth, color: stroke)
            // A pattern with no gap draws the whole ring.
            guard gap > 0 else { return }
            // The rasterizer (and Chromium) measure the circle by chords half a device
            // pixel (2.5 tolerances) close, a little short; the pattern is stretched to
            // the true circle by as much, so the dashes land where theirs do.
            let measured = measuredLength()
            let around = Double.pi * Double(rect.width)
            let stretch = measured > 0 && measured.isFinite ? around / measured : 1
            borderDashes = CircleDashes(
                start: turn.start, turn: turn.sweep < 0 ? -1 : 1, dash: dash * stretch,
                gap: gap * stretch, phase: Double(shape.lineDashPhase) * stretch,
                roundCaps: shape.lineCap == .round)
            return
        }
        if isCircle && shape.lineCap != .square {
            if trimmed {
                guard
                    let arc = Self.arc(
                        of: path, around: CGPoint(x: rect.midX, y: rect.midY),
                        from: Double(shape.strokeStart), to: Double(shape.strokeEnd))
                else { return nil }
                self.init(circleStroke: rect, radii: radii, width: lineWidth, color: stroke)
                borderArc = (arc.start, arc.sweep, shape.lineCap == .round)
                return
            }
        } else {
            guard !trimmed, case .closeSubpath? = path.elements.last else { return nil }
        }
        // A square corner's outer edge: mitred (a right angle is within any miter limit
        // of √2 or more), round (a quarter circle of half the width) or bevelled (not drawn here).
        let squareCorner: Double
        switch shape.lineJoin {
        case .miter:
            guard shape.miterLimit >= 2.squareRoot() || Self.allRounded(radii) else { return nil }
            squareCorner = 0
        case .round:
            squareCorner = half
        case .bevel:
            guard Self.allRounded(radii) else { return nil }
            squareCorner = 0
        }
        func outer(_ r: Double) -> Double { r > 0 ? r + half : squareCorner }
        self.init(
            rect: rect.insetBy(dx: -half, dy: -half),
            radii: CornerRadii(
                minXMinY: outer(radii.minXMinY), maxXMinY: outer(radii.maxXMinY),
                maxXMaxY: outer(radii.maxXMaxY), minXMaxY: outer(radii.minXMaxY)),
            fill: fill, borderWidth: lineWidth, borderColor: stroke)
        if !fill.isClear { fillShape = (rect, radii) }
    }

    /// Where a trimmed circle's stroke starts and how far it turns (radians in the
    /// local plane, from +x towards +y, signed), from the path's first point and
    /// direction: `from` and `to` are `strokeStart` and `strokeEnd`. Nil for a path
    /// that does not start with a move or turns neither way.
    static func arc(of path: CGPath, around centre: CGPoint, from: Double, to: Double) -> (
        start: Double, sweep: Double
    )? {
        guard case .moveTo(let first)? = path.elements.first else { return nil }
        // Twice the signed area of the control polygon: its sign is the direction of turn.
        var area = 0.0
        var previous = first
        func add(_ p: CGPoint) {
            area += Double(previous.x * p.y - p.x * previous.y)
            previous = p
        }
        for element in path.elements.dropFirst() {
            switch element {
            case .moveTo(let p), .lineTo(let p): add(p)
            case .quadCurveTo(let c, let p): add(c); add(p)
            case .curveTo(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .closeSubpath: add(first)
            }
        }
        add(first)
        guard area != 0, area.isFinite else { return nil }
        let turn = area > 0 ? 1.0 : -1.0
        let a0 = atan2(Double(first.y - centre.y), Double(first.x - centre.x))
        let start = max(0, min(1, from)), end = max(0, min(1, to))
        guard end > start else { return nil }
        return (a0 + turn * 2 * .pi * start, turn * 2 * .pi * (end - start))
    }

    init(
        rect: CGRect, radii: CornerRadii, fill: PremultipliedColor, borderWidth: Double,
        borderColor: PremultipliedColor
    ) {
        self.rect = rect; self.radii = radii; self.fill = fill
        self.borderWidth = borderWidth; self.borderColor = borderColor
    }

    /// A stroke of the circle `rect` (with its `radii`) alone, as a border: the
    /// shape grown by half the width.
    init(circleStroke rect: CGRect, radii: CornerRadii, width: Double, color: PremultipliedColor) {
        let half = width / 2
        self.init(
            rect: rect.insetBy(dx: -half, dy: -half),
            radii: CornerRadii(
                minXMinY: radii.minXMinY + half, maxXMinY: radii.maxXMinY + half,
                maxXMaxY: radii.maxXMaxY + half, minXMaxY: radii.minXMaxY + half),
            fill: .clear, borderWidth: width, borderColor: color)
    }

    /// Whether every corner is rounded (a stroke then has no joins).
    private static func allRounded(_ radii: CornerRadii) -> Bool {
        min(radii.minXMinY, radii.maxXMinY, radii.maxXMaxY, radii.minXMaxY) > 0
    }

    /// A pattern of one dash and one gap (`[a]` is `[a, a]`, and `[a, b, a, b]` is
    /// `[a, b]`), or nil for one the shader cannot draw.
    static func dashAndGap(_ pattern: [CGFloat]) -> (Double, Double)? {
        let intervals = pattern.count % 2 == 0 ? pattern : pattern + pattern
        guard let dash = intervals.first, intervals.count >= 2 else { return nil }
        let gap = intervals[1]
        for i in stride(from: 2, to: intervals.count, by: 2) where intervals[i] != dash || intervals[i + 1] != gap {
            return nil
        }
        return (Double(dash), Double(gap))
    }

    /// Whether the rasterizer dashes a stroke with `pattern` (it ignores a pattern
    /// with no positive length, or with a negative or infinite one).
    private static func isDashed(_ pattern: [CGFloat]) -> Bool {
        !pattern.isEmpty && pattern.contains { $0 > 0 } && pattern.allSatisfy { $0 >= 0 && $0.isFinite }
    }
}
