// TEMPORARY STAND-IN: DELETE THIS FILE when the paths branch (SVG path data
// and rounded rects) is merged. It declares exactly the API that branch
// provides, so the merge is a pure deletion of this file. It does not do arcs.
import Foundation

extension CGPath {
    /// Stand-in: parses SVG path data (no arcs).
    public convenience init(svgPathData: String) throws(PathDataError) {
        var parser = StandInPathParser(svgPathData)
        self.init(elements: try parser.parse())
    }

    /// Stand-in: the path as absolute SVG path data with exact numbers.
    public var svgPathData: String {
        func f(_ p: CGPoint) -> String { JSONValue.format(p.x) + " " + JSONValue.format(p.y) }
        return elements.map { e -> String in
            switch e {
            case .moveTo(let p): return "M " + f(p)
            case .lineTo(let p): return "L " + f(p)
            case .quadCurveTo(let c, let p): return "Q " + f(c) + " " + f(p)
            case .curveTo(let c1, let c2, let p): return "C " + f(c1) + " " + f(c2) + " " + f(p)
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " ")
    }

    /// Stand-in: a rectangle with the corners in `corners` rounded by `radius` (quarter circles as cubics).
    public static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask) -> CGPath {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        func rad(_ c: CACornerMask) -> CGFloat { corners.contains(c) ? r : 0 }
        let tl = rad(.layerMinXMinYCorner), tr = rad(.layerMaxXMinYCorner)
        let bl = rad(.layerMinXMaxYCorner), br = rad(.layerMaxXMaxYCorner)
        let k: CGFloat = 1 - 0.5522847498
        let p = CGMutablePath()
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        p.move(to: CGPoint(x: x0 + tl, y: y0))
        p.addLine(to: CGPoint(x: x1 - tr, y: y0))
        if tr > 0 { p.addCurve(to: CGPoint(x: x1, y: y0 + tr), control1: CGPoint(x: x1 - tr * k, y: y0), control2: CGPoint(x: x1, y: y0 + tr * k)) }
        p.addLine(to: CGPoint(x: x1, y: y1 - br))
        if br > 0 { p.addCurve(to: CGPoint(x: x1 - br, y: y1), control1: CGPoint(x: x1, y: y1 - br * k), control2: CGPoint(x: x1 - br * k, y: y1)) }
        p.addLine(to: CGPoint(x: x0 + bl, y: y1))
        if bl > 0 { p.addCurve(to: CGPoint(x: x0, y: y1 - bl), control1: CGPoint(x: x0 + bl * k, y: y1), control2: CGPoint(x: x0, y: y1 - bl * k)) }
        p.addLine(to: CGPoint(x: x0, y: y0 + tl))
        if tl > 0 { p.addCurve(to: CGPoint(x: x0 + tl, y: y0), control1: CGPoint(x: x0, y: y0 + tl * k), control2: CGPoint(x: x0 + tl * k, y: y0)) }
        p.closeSubpath()
        return p
    }
}

/// Stand-in SVG path data parser (absolute and relative M L H V C S Q T Z; no arcs).
private struct StandInPathParser {
    let s: [UInt8]
    var i = 0
    init(_ text: String) { s = Array(text.utf8) }

    mutating func skip() {
        while i < s.count, s[i] == 0x20 || s[i] == 0x0A || s[i] == 0x0D || s[i] == 0x09 || s[i] == 0x2C { i += 1 }
    }

    mutating func number() throws(PathDataError) -> CGFloat {
        skip()
        let start = i
        if i < s.count, s[i] == 0x2B || s[i] == 0x2D { i += 1 }
        while i < s.count, (s[i] >= 0x30 && s[i] <= 0x39) || s[i] == 0x2E { i += 1 }
        if i < s.count, s[i] == 0x65 || s[i] == 0x45 {
            i += 1
            if i < s.count, s[i] == 0x2B || s[i] == 0x2D { i += 1 }
            while i < s.count, s[i] >= 0x30 && s[i] <= 0x39 { i += 1 }
        }
        guard let v = Double(String(decoding: s[start..<i], as: UTF8.self)), v.isFinite else {
            i = start
            throw PathDataError(offset: start, reason: "expected a number")
        }
        return v
    }

    mutating func point(relativeTo o: CGPoint) throws(PathDataError) -> CGPoint {
        let x = try number(), y = try number()
        return CGPoint(x: o.x + x, y: o.y + y)
    }

    func startsNumber() -> Bool {
        guard i < s.count else { return false }
        let b = s[i]
        return (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2B || b == 0x2E
    }

    mutating func parse() throws(PathDataError) -> [CGPath.Element] {
        var out: [CGPath.Element] = []
        var current = CGPoint.zero, start = CGPoint.zero
        var lastControl: CGPoint? = nil
        var lastCommand: UInt8 = 0
        skip()
        while i < s.count {
            var command = s[i]
            if startsNumber() {
                guard lastCommand != 0, lastCommand != 0x5A, lastCommand != 0x7A else {
                    throw PathDataError(offset: i, reason: "expected a command")
                }
                // Repeated arguments repeat the command (a moveto repeats as a lineto).
                command = lastCommand == 0x4D ? 0x4C : lastCommand == 0x6D ? 0x6C : lastCommand
            } else {
                i += 1
            }
            let relative = command >= 0x61
            let o = relative ? current : .zero
            var control: CGPoint? = nil
            switch command | 0x20 {
            case 0x6D:  // m
                current = try point(relativeTo: o); start = current
                out.append(.moveTo(current))
            case 0x6C:  // l
                current = try point(relativeTo: o)
                out.append(.lineTo(current))
            case 0x68:  // h
                current = CGPoint(x: (relative ? current.x : 0) + (try number()), y: current.y)
                out.append(.lineTo(current))
            case 0x76:  // v
                current = CGPoint(x: current.x, y: (relative ? current.y : 0) + (try number()))
                out.append(.lineTo(current))
            case 0x63:  // c
                let c1 = try point(relativeTo: o), c2 = try point(relativeTo: o)
                current = try point(relativeTo: o)
                out.append(.curveTo(control1: c1, control2: c2, to: current)); control = c2
            case 0x73:  // s
                let c1 = (lastCommand | 0x20 == 0x63 || lastCommand | 0x20 == 0x73) ? reflect(lastControl, current) : current
                let c2 = try point(relativeTo: o)
                current = try point(relativeTo: o)
                out.append(.curveTo(control1: c1, control2: c2, to: current)); control = c2
            case 0x71:  // q
                let c = try point(relativeTo: o)
                current = try point(relativeTo: o)
                out.append(.quadCurveTo(control: c, to: current)); control = c
            case 0x74:  // t
                let c = (lastCommand | 0x20 == 0x71 || lastCommand | 0x20 == 0x74) ? reflect(lastControl, current) : current
                current = try point(relativeTo: o)
                out.append(.quadCurveTo(control: c, to: current)); control = c
            case 0x7A:  // z
                out.append(.closeSubpath); current = start
            default:
                throw PathDataError(offset: i - 1, reason: "unknown command '\(Character(UnicodeScalar(command)))'")
            }
            lastControl = control
            lastCommand = command
            skip()
        }
        return out
    }

    func reflect(_ c: CGPoint?, _ p: CGPoint) -> CGPoint {
        guard let c else { return p }
        return CGPoint(x: 2 * p.x - c.x, y: 2 * p.y - c.y)
    }
}
