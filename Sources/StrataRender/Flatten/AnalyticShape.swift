import Foundation
import Strata

/// A shape layer's path that the uber-shader draws in closed form, where it
/// lands: a rectangle, rounded rectangle or circle, filled and/or stroked
/// with a plain line. It becomes one body item (fill, border) whose edges are
/// computed per device pixel under any transform, instead of a bitmap made on
/// the CPU, uploaded and resampled.
struct AnalyticShape: Equatable {
    /// The item's shape: the path's rectangle, grown by half the line width when stroked.
    var rect: CGRect
    var radii: CornerRadii
    var fill: PremultipliedColor
    /// The stroke as the item's border (0: none).
    var borderWidth: Double
    var borderColor: PremultipliedColor

    /// Paths longer than this are not looked at: a rounded rectangle is a move,
    /// four curves, four lines and a close (and a spare element).
    static let maximumElements = 11

    /// The closed-form drawing of `shape`, or nil when it needs the rasterizer:
    /// another outline (checked to `tolerance`, path units), a dashed or
    /// trimmed stroke, a join that bevels a square corner, or a translucent
    /// stroke over a fill (the fill would show under the stroke's outer half).
    init?(_ shape: ShapeContent, tolerance: Double) {
        guard let path = shape.path, !path.elements.isEmpty,
              path.elements.count <= Self.maximumElements else { return nil }
        let fill = shape.fillColor.map { PremultipliedColor($0) } ?? .clear
        let stroke = shape.strokeColor.map { PremultipliedColor($0) } ?? .clear
        let lineWidth = Double(shape.lineWidth)
        let strokes = !stroke.isClear && lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        guard !fill.isClear || strokes else { return nil }
        if strokes {
            guard shape.strokeStart <= 0, shape.strokeEnd >= 1, lineWidth.isFinite,
                  !Self.isDashed(shape.lineDashPattern),
                  fill.isClear || stroke.a >= 1,
                  // A stroke has joins only where it is closed; open, its ends get caps.
                  case .closeSubpath? = path.elements.last else { return nil }
        }
        guard let (rect, radii) = RoundedRectRecognizer.recognize(path, tolerance: tolerance) else { return nil }
        guard strokes else {
            self.init(rect: rect, radii: radii, fill: fill, borderWidth: 0, borderColor: .clear)
            return
        }
        let half = lineWidth / 2
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
        self.init(rect: rect.insetBy(dx: -half, dy: -half),
                  radii: CornerRadii(minXMinY: outer(radii.minXMinY), maxXMinY: outer(radii.maxXMinY),
                                     maxXMaxY: outer(radii.maxXMaxY), minXMaxY: outer(radii.minXMaxY)),
                  fill: fill, borderWidth: lineWidth, borderColor: stroke)
    }

    init(rect: CGRect, radii: CornerRadii, fill: PremultipliedColor, borderWidth: Double,
         borderColor: PremultipliedColor) {
        self.rect = rect; self.radii = radii; self.fill = fill
        self.borderWidth = borderWidth; self.borderColor = borderColor
    }

    /// Whether every corner is rounded (a stroke then has no joins).
    private static func allRounded(_ radii: CornerRadii) -> Bool {
        min(radii.minXMinY, radii.maxXMinY, radii.maxXMaxY, radii.minXMaxY) > 0
    }

    /// Whether the rasterizer dashes a stroke with `pattern` (it ignores a pattern
    /// with no positive length, or with a negative or infinite one).
    private static func isDashed(_ pattern: [CGFloat]) -> Bool {
        !pattern.isEmpty && pattern.contains { $0 > 0 } && pattern.allSatisfy { $0 >= 0 && $0.isFinite }
    }
}
