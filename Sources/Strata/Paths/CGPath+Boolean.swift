import Foundation

extension CGPath {
    /// A path that fills what this path or `other` fills, each filled by `rule`, as in
    /// Core Graphics.
    ///
    /// Open subpaths are taken as closed. The result is made of closed polygons (curves are
    /// flattened to within a tenth of a unit, or less for tiny paths) and fills the same
    /// with either rule. Past about 12,000 flattened sides, or with pathologically many
    /// crossings, both paths are returned together instead.
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.run(self, other, .union, rule: rule) ?? combined(with: other)
    }

    /// A path that fills what both this path and `other` fill, each filled by `rule`, as in
    /// Core Graphics.
    ///
    /// See ``union(_:using:)`` for the form of the result; past its limits this path is
    /// returned unchanged.
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.run(self, other, .intersection, rule: rule) ?? self
    }

    /// A path that fills what this path fills and `other` does not, each filled by `rule`,
    /// as in Core Graphics.
    ///
    /// See ``union(_:using:)`` for the form of the result; past its limits this path is
    /// returned unchanged.
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.run(self, other, .subtraction, rule: rule) ?? self
    }

    /// A path that fills what exactly one of this path and `other` fills, each filled by
    /// `rule`, as in Core Graphics.
    ///
    /// See ``union(_:using:)`` for the form of the result; past its limits both paths are
    /// returned together.
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.run(self, other, .symmetricDifference, rule: rule) ?? combined(with: other)
    }

    /// Both paths' subpaths in one path.
    private func combined(with other: CGPath) -> CGPath {
        CGPath(elements: elements + other.elements)
    }
}
