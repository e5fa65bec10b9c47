import Foundation

/// Reads SVG path data (the `d` attribute) into path elements.
///
/// Grammar as in SVG 2's path data: every command absolute and relative, implicit repeats
/// (pairs after a move are lines), numbers such as `1e-3`, `.5.5`, `-1-2`, arc flags without
/// separators (`a1 1 0 1010 10`). Arcs become cubics per SVG's implementation notes. It is
/// lenient in one way: a comma may stand wherever whitespace may. Offsets in errors count
/// UTF-8 bytes from the start (characters, for ASCII data).
struct SVGPathParser {
    private let bytes: [UInt8]
    private var i = 0
    private var elements: [CGPath.Element] = []
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The previous command's second cubic control point, for S and s.
    private var lastCubicControl: CGPoint?
    /// The previous command's quadratic control point, for T and t.
    private var lastQuadControl: CGPoint?

    init(_ text: String) { bytes = Array(text.utf8) }

    /// The elements, or the first error.
    mutating func parse() throws(PathDataError) -> [CGPath.Element] {
        skipSpace()
        var command: UInt8?
        while i < bytes.count {
            let c = bytes[i]
            if Self.isCommand(c) {
                if command == nil && c != UInt8(ascii: "M") && c != UInt8(ascii: "m") {
                    throw .missingMove(at: i, found: describe(at: i))
                }
                command = c
                i += 1
                skipSpace()
            } else if let cmd = command, Self.startsNumber(c) {
                if cmd == UInt8(ascii: "Z") || cmd == UInt8(ascii: "z") { throw .numberAfterClose(at: i) }
                // An implicit repeat: more arguments for the same command.
            } else if command == nil {
                throw .missingMove(at: i, found: describe(at: i))
            } else {
                throw .unexpected(at: i, found: describe(at: i))
            }
            command = try run(command!)
            skipSpace()
        }
        return elements
    }

    /// Reads one set of arguments for `cmd` and appends its elements; returns the command
    /// that further arguments repeat (a move's extra pairs are lines).
    private mutating func run(_ cmd: UInt8) throws(PathDataError) -> UInt8 {
        let relative = cmd >= UInt8(ascii: "a")
        let name = String(UnicodeScalar(cmd))
        let base = relative ? current : .zero
        var cubicControl: CGPoint?
        var quadControl: CGPoint?
        var next = cmd
        switch cmd | 0x20 {  // lowercased
        case UInt8(ascii: "m"):
            let p = try pair(name, base)
            elements.append(.moveTo(p))
            current = p
            subpathStart = p
            next = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
        case UInt8(ascii: "z"):
            elements.append(.closeSubpath)
            current = subpathStart
        case UInt8(ascii: "l"):
            let p = try pair(name, base)
            elements.append(.lineTo(p))
            current = p
        case UInt8(ascii: "h"):
            let start = i
            let x = try finite(try number(name) + base.x, from: start)
            current = CGPoint(x: x, y: current.y)
            elements.append(.lineTo(current))
        case UInt8(ascii: "v"):
            let start = i
            let y = try finite(try number(name) + base.y, from: start)
            current = CGPoint(x: current.x, y: y)
            elements.append(.lineTo(current))
        case UInt8(ascii: "c"):
            let c1 = try pair(name, base), c2 = try pair(name, base), p = try pair(name, base)
            elements.append(.curveTo(control1: c1, control2: c2, to: p))
            current = p
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = reflect(lastCubicControl)
            let c2 = try pair(name, base), p = try pair(name, base)
            elements.append(.curveTo(control1: c1, control2: c2, to: p))
            current = p
            cubicControl = c2
        case UInt8(ascii: "q"):
            let c = try pair(name, base), p = try pair(name, base)
            elements.append(.quadCurveTo(control: c, to: p))
            current = p
            quadControl = c
        case UInt8(ascii: "t"):
            let c = reflect(lastQuadControl)
            let p = try pair(name, base)
            elements.append(.quadCurveTo(control: c, to: p))
            current = p
            quadControl = c
        case UInt8(ascii: "a"):
            let rx = try number(name), ry = try number(name), angle = try number(name)
            let large = try flag(), sweep = try flag()
            let p = try pair(name, base)
            appendArc(
                from: current, rx: rx, ry: ry, degrees: angle, largeArc: large, sweep: sweep,
                to: p, into: &elements)
            current = p
        default:
            preconditionFailure("run(_:) called with a non-command byte")
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
        return next
    }

    /// `control` reflected about the current point, or the current point without one.
    private func reflect(_ control: CGPoint?) -> CGPoint {
        guard let c = control else { return current }
        return CGPoint(x: 2 * current.x - c.x, y: 2 * current.y - c.y)
    }

    private mutating func pair(_ command: String, _ base: CGPoint) throws(PathDataError) -> CGPoint {
        let start = i
        let x = try number(command)
        let y = try number(command)
        return CGPoint(x: try finite(x + base.x, from: start), y: try finite(y + base.y, from: start))
    }

    /// A relative coordinate added to the current point must stay a number too.
    private func finite(_ v: CGFloat, from start: Int) throws(PathDataError) -> CGFloat {
        guard v.isFinite else { throw .pointOutOfRange(at: start) }
        return v
    }

    /// One number, then any whitespace and comma after it.
    private mutating func number(_ command: String) throws(PathDataError) -> CGFloat {
        let start = i
        if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
        var digits = 0
        while i < bytes.count && Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count && Self.isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            i = start
            throw .expectedNumber(at: start, found: i < bytes.count ? describe(at: i) : nil, command: command)
        }
        // An exponent only when digits follow; otherwise the "e" is left for the caller to reject.
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            var j = i + 1
            if j < bytes.count && (bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")) { j += 1 }
            if j < bytes.count && Self.isDigit(bytes[j]) {
                while j < bytes.count && Self.isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .outOfRange(at: start, number: text) }
        skipSeparator()
        return CGFloat(value)
    }

    /// An arc flag: exactly one "0" or "1", then any separator.
    private mutating func flag() throws(PathDataError) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw .expectedFlag(at: i, found: i < bytes.count ? describe(at: i) : nil)
        }
        let value = bytes[i] == UInt8(ascii: "1")
        i += 1
        skipSeparator()
        return value
    }

    private mutating func skipSpace() {
        while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
    }

    /// Whitespace, at most one comma, whitespace.
    private mutating func skipSeparator() {
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: ",") {
            i += 1
            skipSpace()
        }
    }

    /// The character at `offset`, for messages.
    private func describe(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count && end - offset < 4 && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private static func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
            UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"):
            return c >= UInt8(ascii: "A")  // `| 0x20` would also fold some punctuation
        default:
            return false
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private static func startsNumber(_ c: UInt8) -> Bool {
        isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
    }

    private static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
    }
}

/// Appends an SVG elliptical arc from `p0` to `p1` as cubic Béziers of at most 90° each,
/// following SVG's implementation notes (B.2.4 and B.2.5): equal end points draw nothing, a
/// zero radius draws a line, radii too small to reach are scaled up just enough, and the
/// flags pick one of the four candidate arcs. `sweep` true means the angle grows (clockwise on
/// a y-down screen).
func appendArc(
    from p0: CGPoint, rx rxIn: CGFloat, ry ryIn: CGFloat, degrees: CGFloat, largeArc: Bool,
    sweep: Bool, to p1: CGPoint, into elements: inout [CGPath.Element]
) {
    if p0 == p1 { return }
    var rx = abs(rxIn), ry = abs(ryIn)
    guard rx > 0, ry > 0 else {
        elements.append(.lineTo(p1))
        return
    }
    let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    let (cosPhi, sinPhi) = (cos(phi), sin(phi))
    // Step 1: the mid-point difference in the ellipse's axes.
    let dx2 = (p0.x - p1.x) / 2, dy2 = (p0.y - p1.y) / 2
    let x1 = cosPhi * dx2 + sinPhi * dy2
    let y1 = -sinPhi * dx2 + cosPhi * dy2
    // Radii scaling when no ellipse of these radii reaches both points.
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
        let s = lambda.squareRoot()
        rx *= s
        ry *= s
    }
    // Step 2: the centre in the ellipse's axes.
    let rx2 = rx * rx, ry2 = ry * ry
    let num = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
    let den = rx2 * y1 * y1 + ry2 * x1 * x1
    var coef = den > 0 ? max(0, num / den).squareRoot() : 0
    if largeArc == sweep { coef = -coef }
    let cxp = coef * rx * y1 / ry
    let cyp = -coef * ry * x1 / rx
    // Step 3: the centre in user space.
    let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p1.x) / 2
    let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p1.y) / 2
    // Step 4: start angle and sweep on the unit circle.
    let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry
    let vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite else {
        elements.append(.lineTo(p1))
        return
    }
    let quarters = (abs(delta) / (.pi / 2) - 1e-9).rounded(.up)
    let n = Int(min(4, max(1, quarters)))
    let step = delta / CGFloat(n)
    let k = 4 / 3 * tan(step / 4)
    // Unit-circle points mapped by scale (rx, ry), rotation phi, translation (cx, cy).
    func map(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        let sx = x * rx, sy = y * ry
        return CGPoint(x: cosPhi * sx - sinPhi * sy + cx, y: sinPhi * sx + cosPhi * sy + cy)
    }
    var a = theta1
    for s in 0..<n {
        let b = s == n - 1 ? theta1 + delta : a + step
        let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
        let c1 = map(ca - k * sa, sa + k * ca)
        let c2 = map(cb + k * sb, sb - k * cb)
        // The last end point is exactly p1, so relative commands after the arc stay exact.
        let end = s == n - 1 ? p1 : map(cb, sb)
        elements.append(.curveTo(control1: c1, control2: c2, to: end))
        a = b
    }
}
