import Foundation

#if !canImport(CoreGraphics)
/// An immutable graphics path, as in Core Graphics: subpaths of lines and Bézier curves.
///
/// Arcs and ellipses are stored as cubic Béziers, as Core Graphics does.
public class CGPath: Hashable, @unchecked Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        case moveTo(CGPoint)
        case lineTo(CGPoint)
        case quadCurveTo(control: CGPoint, to: CGPoint)
        case curveTo(control1: CGPoint, control2: CGPoint, to: CGPoint)
        case closeSubpath
    }

    /// The path's elements in order.
    public internal(set) var elements: [Element]

    /// An empty path.
    public init() { elements = [] }

    /// A path with the given elements.
    public init(elements: [Element]) { self.elements = elements }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

/// A path that can be built up, as in Core Graphics.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.lineTo(point.applying(transform)))
    }

    /// A quadratic Bézier to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.quadCurveTo(control: control.applying(transform), to: end.applying(transform)))
    }

    /// A cubic Bézier to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        elements.append(.curveTo(control1: control1.applying(transform),
                                 control2: control2.applying(transform), to: end.applying(transform)))
    }

    /// Closes the current subpath.
    public func closeSubpath() { elements.append(.closeSubpath) }
}
#endif
