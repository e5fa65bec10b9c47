import Foundation
import Strata

extension RenderList {
    /// A stable text form of the list for snapshot tests and `strata render --dump`.
    public func dump() -> String {
        var lines = [
            "render list \(pixelWidth)x\(pixelHeight) background \(Self.text(background)) layers \(layerCount)"
        ]
        for (i, clip) in clips.enumerated() {
            lines.append(
                "clip \(i) rect \(Self.text(clip.rect)) radii \(Self.text(clip.radii))"
                    + " parent \(clip.parent)\(clip.antialiased ? "" : " hard")\(clip.inverted ? " inverted" : "") toLocal \(Self.text(clip.deviceToLocal))"
            )
        }
        for (i, _) in gradients.enumerated() { lines.append("gradient \(i)") }
        for (i, pass) in passes.enumerated() {
            var line = "pass \(i) \(pass.purpose.rawValue) \(Self.text(pass.bounds)) items \(pass.items.count)"
            if pass.background != .clear { line += " background \(Self.text(pass.background))" }
            if let map = pass.colorMap {
                line +=
                    " recolour \(Self.text(map.shadows)) \(Self.text(map.midtones)) \(Self.text(map.highlights))"
                    + " amount \(Self.num(Double(map.amount)))"
            }
            // Blurred shadow silhouettes carry their σ on the composite item; only filter passes show it here.
            if pass.purpose == .filter, pass.blurSigma > 0 {
                line +=
                    " blur \(Self.num(pass.blurSigma))\(pass.blurAxes == .both ? "" : pass.blurAxes == .horizontal ? " across" : " down")"
            }
            lines.append(line)
            for item in pass.items { lines.append("  " + Self.text(item, label: label(of: item))) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func text(_ rgb: SIMD3<Float>) -> String {
        "rgb(\(num(Double(rgb.x))),\(num(Double(rgb.y))),\(num(Double(rgb.z))))"
    }

    static func text(_ item: DrawItem, label: String) -> String {
        var s = "\(item.kind) \"\(label)\" shape \(text(item.shape)) quad \(text(item.quad))"
        if !item.radii.isZero { s += " radii \(text(item.radii))\(item.continuousCorners ? " continuous" : "")" }
        if !item.fill.isClear { s += " fill \(text(item.fill))" }
        switch item.content {
        case .texture(let source, let uv, let rect)?:
            s += " texture \(text(source)) uv \(text(uv)) at \(text(rect))"
            if item.clipsContentToShape { s += " clipped" }
            if item.kind == .particle { s += " tint \(text(item.borderColor))" }
        case .gradient(let ramp, let type, let start, let end, let focus)?:
            s += " gradient \(ramp) \(type.rawValue) \(num(start.x)),\(num(start.y))->\(num(end.x)),\(num(end.y))"
            if focus != .zero { s += " focus \(num(focus.x)),\(num(focus.y))" }
        case .borderArc(let start, let sweep, let roundCaps)?:
            s += " arc \(num(start))+\(num(sweep))\(roundCaps ? " round" : "")"
        case .borderDashes(let d)?:
            s +=
                " dashes \(num(d.dash)),\(num(d.gap)) phase \(num(d.phase)) from \(num(d.start))\(d.turn < 0 ? " ccw" : "")\(d.roundCaps ? " round" : "")"
        case .particles(let batch, let additive)?:
            s += " particles \(batch.count) looks \(batch.looks.count)\(additive ? " additive" : "")"
        case nil: break
        }
        if let mask = item.mask { s += " mask \(text(mask))" }
        if item.borderWidth > 0 { s += " border \(num(item.borderWidth)) \(text(item.borderColor))" }
        if item.opacity != 1 { s += " opacity \(num(Double(item.opacity)))" }
        if item.tint != .white { s += " tint \(text(item.tint))" }
        if item.blend != .normal { s += " blend \(item.blend.name)" }
        if item.clip >= 0 { s += " clip \(item.clip)" }
        if item.blurSigma > 0 { s += " sigma \(num(item.blurSigma))" }
        if item.antialiasedEdges != 0b1111 { s += " aa \(String(item.antialiasedEdges, radix: 2))" }
        s += " map \(text(item.mapping))"
        return s
    }

    static func num(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        return String(format: "%.3f", r)
    }
    static func num(_ v: CGFloat) -> String { num(Double(v)) }
    static func text(_ r: CGRect) -> String { "[\(num(r.minX)) \(num(r.minY)) \(num(r.width)) \(num(r.height))]" }
    static func text(_ c: PremultipliedColor) -> String {
        String(
            format: "#%02x%02x%02x%02x", Int((c.r * 255).rounded()), Int((c.g * 255).rounded()),
            Int((c.b * 255).rounded()), Int((c.a * 255).rounded()))
    }
    static func text(_ r: CornerRadii) -> String {
        "\(num(r.minXMinY)),\(num(r.maxXMinY)),\(num(r.maxXMaxY)),\(num(r.minXMaxY))"
    }
    static func text(_ m: PlaneMapping) -> String { "[" + m.elements.map { num($0 * 1) }.joined(separator: " ") + "]" }
    static func text(_ t: TextureSource) -> String {
        switch t {
        case .image(let image): return "image(\(image.label) \(image.width)x\(image.height))"
        case .pass(let p): return "pass(\(p))"
        case .raster(let r): return "raster(\(r.width)x\(r.height))"
        }
    }
}
