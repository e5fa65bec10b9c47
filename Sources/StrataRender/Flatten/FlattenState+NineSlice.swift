import Foundation
import Strata

extension FlattenState {
    /// The contents as cells of their own, or nil when one item draws them.
    func contentCells(
        _ layer: Int, content: (fill: DrawItem.Content, rect: CGRect)?, mapping: PlaneMapping,
        label: ItemLabel
    ) -> [DrawItem]? {
        guard let content, let source = content.fill.textureSource,
            let cells = nineSliceCells(of: layer, content: content.fill) ?? edgeExtendedCells(of: content.fill)
        else { return nil }
        return cells.map {
            contentItem(
                .texture(source, uv: $0.uv, rect: $0.rect), rect: $0.rect, opacity: 1,
                mapping: mapping, label: label.with(.contents))
        }
    }

    /// `contentsCenter`: the image split in nine cells whose corners keep their
    /// natural size (in points: pixels ÷ contentsScale) while the centre row
    /// and column stretch to fill the contents rect. Edges shrink together when
    /// the rect is smaller than both fixed parts, as Core Animation does.
    /// Nil when the centre is the whole image (the common case: one item).
    func nineSliceCells(of layer: Int, content: DrawItem.Content) -> [(rect: CGRect, uv: CGRect)]? {
        let center = nodes[layer].state.contentsCenter.standardized
        guard center != CGRect(x: 0, y: 0, width: 1, height: 1),
            case .texture(.image(let image), let uv, let rect) = content
        else { return nil }
        let scale = nodes[layer].state.contentsScale > 0 ? nodes[layer].state.contentsScale : 1
        let natural = CGSize(
            width: CGFloat(image.width) * uv.width / scale,
            height: CGFloat(image.height) * uv.height / scale)
        // `texel` is one source pixel in unit coordinates: a stretched cell samples
        // from half a texel inside its edges, so filtering never pulls in its
        // neighbour's pixels (a one-pixel centre stretches as one solid colour).
        func split(
            _ start: CGFloat, _ length: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ size: CGFloat,
            texel: CGFloat
        ) -> [(dest: (CGFloat, CGFloat), unit: (CGFloat, CGFloat))] {
            let lo = min(max(lo, 0), 1), hi = max(min(hi, 1), lo)
            var a = lo * size, b = (1 - hi) * size
            if a + b > length, a + b > 0 {
                let k = length / (a + b)
                a *= k; b *= k
            }
            let parts = [
                ((start, a), (0, lo)), ((start + a, length - a - b), (lo, hi - lo)),
                ((start + length - b, b), (hi, 1 - hi)),
            ]
            return parts.map { dest, unit in
                let natural = unit.1 * size
                guard abs(dest.1 - natural) > 1e-6 * max(1, natural), unit.1 > 0 else { return (dest, unit) }
                let inset = min(texel / 2, unit.1 / 2)
                return (dest, (unit.0 + inset, unit.1 - 2 * inset))
            }
        }
        let xs = split(
            rect.minX, rect.width, center.minX, center.maxX, natural.width,
            texel: 1 / (CGFloat(image.width) * uv.width))
        let ys = split(
            rect.minY, rect.height, center.minY, center.maxY, natural.height,
            texel: 1 / (CGFloat(image.height) * uv.height))
        var cells: [(CGRect, CGRect)] = []
        for y in ys where y.dest.1 > 0 && y.unit.1 >= 0 {
            for x in xs where x.dest.1 > 0 && x.unit.1 >= 0 {
                cells.append(
                    (
                        CGRect(x: x.dest.0, y: y.dest.0, width: x.dest.1, height: y.dest.1),
                        CGRect(
                            x: uv.minX + x.unit.0 * uv.width, y: uv.minY + y.unit.0 * uv.height,
                            width: x.unit.1 * uv.width, height: y.unit.1 * uv.height)
                    ))
            }
        }
        return cells
    }
}

extension DrawItem.Content {
    /// The texture a content samples, if it is one.
    var textureSource: TextureSource? {
        if case .texture(let source, _, _) = self { return source }
        return nil
    }
}

extension FlattenState {
    /// A `contentsRect` reaching outside the unit square: Core Animation
    /// extends the image's edge pixels there. The contents become up to 3×3
    /// cells; the parts outside sample only the edge texel (a zero-width source
    /// range), so nothing outside the image's own atlas slot is ever read.
    /// Nil when the rect lies within the image.
    func edgeExtendedCells(of content: DrawItem.Content) -> [(rect: CGRect, uv: CGRect)]? {
        guard case .texture(.image(let image), let uv, let rect) = content,
            uv.width > 0, uv.height > 0, uv.minX < 0 || uv.minY < 0 || uv.maxX > 1 || uv.maxY > 1
        else { return nil }
        func split(_ start: CGFloat, _ length: CGFloat, _ u0: CGFloat, _ uw: CGFloat, texel: CGFloat)
            -> [(dest: (CGFloat, CGFloat), unit: (CGFloat, CGFloat))]
        {
            let u1 = u0 + uw, k = length / uw
            var parts: [(dest: (CGFloat, CGFloat), unit: (CGFloat, CGFloat))] = []
            if u0 < 0 { parts.append(((start, (min(u1, 0) - u0) * k), (texel / 2, 0))) }
            let a = max(u0, 0), b = min(u1, 1)
            if b > a { parts.append(((start + (a - u0) * k, (b - a) * k), (a, b - a))) }
            if u1 > 1 {
                let s = max(u0, 1)
                parts.append(((start + (s - u0) * k, (u1 - s) * k), (1 - texel / 2, 0)))
            }
            return parts
        }
        let xs = split(rect.minX, rect.width, uv.minX, uv.width, texel: 1 / CGFloat(image.width))
        let ys = split(rect.minY, rect.height, uv.minY, uv.height, texel: 1 / CGFloat(image.height))
        var cells: [(CGRect, CGRect)] = []
        for y in ys where y.dest.1 > 0 {
            for x in xs where x.dest.1 > 0 {
                cells.append(
                    (
                        CGRect(x: x.dest.0, y: y.dest.0, width: x.dest.1, height: y.dest.1),
                        CGRect(x: x.unit.0, y: y.unit.0, width: x.unit.1, height: y.unit.1)
                    ))
            }
        }
        return cells
    }
}
