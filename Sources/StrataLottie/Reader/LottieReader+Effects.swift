import Foundation
import Strata
import StrataScene

extension LottieReader {
    /// A layer's effects (`ef`): those Strata draws, enabled ones only, in
    /// order; each other one is a warning that names it. An effect whose
    /// values cannot be read is left out with a warning, not an error: files
    /// whose effects were only warned about before still play.
    mutating func effects(_ json: JSONValue, at path: String) -> [LottieEffect] {
        guard case .array(let list) = json else { return [] }
        var result: [LottieEffect] = []
        for (i, item) in list.enumerated() {
            let effectPath = "\(path)[\(i)]"
            guard case .object(let object) = item else { continue }
            do throws(LottieError) {
                if try optionalBool(object, "en", at: effectPath) == false { continue }
                if let effect = try effect(object, at: effectPath) { result.append(effect) }
            } catch {
                warn(.effectUnreadable(error.reason, at: error.path))
            }
        }
        return result
    }

    /// One effect; nil for one Strata does not draw (warned) or that draws nothing.
    mutating func effect(_ object: JSONObject, at path: String) throws(LottieError) -> LottieEffect? {
        let type = try optionalNumber(object, "ty", at: path).map(LottieReader.int)
        let name = try optionalString(object, "nm", at: path)
        let matchName = try optionalString(object, "mn", at: path)
        let values =
            object["ef"].flatMap { json -> [JSONValue]? in
                if case .array(let a) = json { return a }
                return nil
            } ?? []
        // Expression controls (sliders, checkboxes, colours…) hold values for expressions and draw
        // nothing. After Effects names them "ADBE … Control"; files without match names still list
        // only control values (slider 0, angle 1, colour 2, point 3, checkbox 4, dropdown 7, layer 10).
        if type == 5 {
            if let matchName, matchName.hasPrefix("ADBE "), matchName.hasSuffix(" Control") { return nil }
            let controlTypes: Set<Int> = [0, 1, 2, 3, 4, 7, 10]
            if matchName == nil, !values.isEmpty,
                values.allSatisfy({ value in
                    guard case .object(let control) = value, case .number(let t)? = control["ty"] else { return false }
                    return controlTypes.contains(LottieReader.int(t))
                })
            {
                return nil
            }
        }
        /// Value `i` (`ef[i].v`); nil when the effect lists fewer.
        func value(_ i: Int) -> (JSONValue, String)? {
            guard i < values.count, case .object(let control) = values[i], let v = control["v"] else { return nil }
            return (v, "\(path).ef[\(i)].v")
        }
        func number(_ i: Int, _ fallback: Double) throws(LottieError) -> LottieProperty<Double> {
            guard let (v, p) = value(i) else { return LottieProperty(fallback) }
            return try scalar(v, at: p)
        }
        func color(_ i: Int, _ fallback: LottieVector) throws(LottieError) -> LottieProperty<LottieVector> {
            guard let (v, p) = value(i) else { return LottieProperty(fallback) }
            return try vector(v, at: p)
        }
        let kind: LottieEffect.Kind
        switch type {
        case 25:
            kind = .dropShadow(
                color: try color(0, [0, 0, 0, 1]), opacity: try number(1, 127.5),
                direction: try number(2, 135), distance: try number(3, 5), softness: try number(4, 0))
        case 29:
            kind = .gaussianBlur(blurriness: try number(0, 0), dimensions: try number(1, 1))
        case 21:
            kind = .fill(color: try color(2, [1, 0, 0, 1]), opacity: try number(6, 1))
        case 20:
            kind = .tint(
                black: try color(0, [0, 0, 0, 1]), white: try color(1, [1, 1, 1, 1]), amount: try number(2, 100))
        case 23:
            kind = .tritone(
                highlights: try color(0, [1, 1, 1, 1]), midtones: try color(1, [0.5, 0.5, 0.5, 1]),
                shadows: try color(2, [0, 0, 0, 1]), blend: try number(3, 0))
        case 22:
            let (stroke, ignored) = try Self.strokeEffect(number: number, color: color)
            if !ignored.isEmpty { warn(.strokeEffect(ignored, at: path)) }
            kind = .stroke(stroke)
        default:
            warn(.effect(type: type, name: name, matchName: matchName, at: path))
            return nil
        }
        return LottieEffect(source: LottieSource(path: path, name: name), kind: kind)
    }

    /// A stroke effect's values, and the settings it reads but does not draw (a soft brush, spacing, strokes
    /// drawn one mask after another, an unknown paint style), for one warning.
    static func strokeEffect(
        number: (Int, Double) throws(LottieError) -> LottieProperty<Double>,
        color: (Int, LottieVector) throws(LottieError) -> LottieProperty<LottieVector>
    ) throws(LottieError) -> (LottieStrokeEffect, ignored: [String]) {
        let allMasks = try number(1, 0).value != 0
        let mask = LottieReader.int(try number(0, 1).value)
        let rawStyle = LottieReader.int(try number(10, 1).value)
        var ignored: [String] = []
        if try number(5, 1).value < 1 { ignored.append("a soft brush (drawn hard)") }
        if try number(9, 0).value > 0 { ignored.append("spacing (drawn solid)") }
        if allMasks, try number(2, 0).value != 0 { ignored.append("stroke sequentially (each mask on its own)") }
        if LottieStrokeEffect.PaintStyle(rawValue: rawStyle) == nil {
            ignored.append("paint style \(rawStyle) (drawn on the original)")
        }
        let stroke = LottieStrokeEffect(
            mask: allMasks ? nil : mask, color: try color(3, [1, 1, 1, 1]), brushSize: try number(4, 2),
            opacity: try number(6, 1), start: try number(7, 0), end: try number(8, 100),
            paintStyle: LottieStrokeEffect.PaintStyle(rawValue: rawStyle) ?? .onOriginal)
        return (stroke, ignored)
    }
}
