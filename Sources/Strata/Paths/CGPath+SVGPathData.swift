import Foundation

extension CGPath {
    /// A path read from SVG path data (the `d` attribute of `<path>`) (Strata addition).
    ///
    /// Every command, absolute and relative: `M L H V C S Q T A Z` and lowercase, with
    /// implicit repeats. Arcs become cubic Béziers of at most 90°; quadratic commands stay
    /// quadratic. Empty or blank data gives an empty path. An element after `Z` that is not a
    /// move continues from the closed subpath's start, as in SVG (no move is inserted).
    ///
    /// - Throws: `PathDataError` with the UTF-8 offset of the first character it could not use.
    public convenience init(svgPathData: String) throws(PathDataError) {
        var parser = SVGPathParser(svgPathData)
        let elements = try parser.parse()
        self.init(elements: elements)
    }

    /// The path as SVG path data: absolute `M L Q C Z` only, one space between tokens
    /// (Strata addition).
    ///
    /// Numbers are written in the shortest form that reads back to the same value, so for any
    /// path of finite coordinates that starts with a move, `CGPath(svgPathData: p.svgPathData)`
    /// equals `p` element for element.
    public var svgPathData: String {
        var out = ""
        out.reserveCapacity(elements.count * 24)
        func add(_ command: String, _ points: CGPoint...) {
            if !out.isEmpty { out += " " }
            out += command
            for p in points {
                out += Self.svgNumber(p.x)
                out += " "
                out += Self.svgNumber(p.y)
                out += " "
            }
            if !points.isEmpty { out.removeLast() }
        }
        for e in elements {
            switch e {
            case .moveTo(let p): add("M", p)
            case .lineTo(let p): add("L", p)
            case .quadCurveTo(let c, let p): add("Q", c, p)
            case .curveTo(let c1, let c2, let p): add("C", c1, c2, p)
            case .closeSubpath: add("Z")
            }
        }
        return out
    }

    /// The shortest decimal text that reads back as exactly `v` (Swift's own shortest
    /// round-trip printing), without a trailing ".0".
    static func svgNumber(_ v: CGFloat) -> String {
        var s = Double(v).description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
