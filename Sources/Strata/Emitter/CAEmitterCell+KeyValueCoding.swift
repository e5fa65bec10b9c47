import Foundation

// Key-value coding for cells, as Core Animation's cells have it: property
// keys (`enabled` for `isEnabled`), `emitterCells.NAME…` paths to sub-cells
// by name, fields of struct values (`contentsRect.size.width`), and any
// other key stored on the cell. Called under the transaction lock.
extension CAEmitterCell {
    func kvcValue(forKey key: String) -> Any? {
        if let property = EmitterProperties.cell[key] { return property.box(property.get(_values)) }
        switch key {
        case "emitterCells": return _emitterCells
        case "style": return _style
        default: return _extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    func kvcSetValue(_ value: Any?, forKey key: String) {
        if let property = EmitterProperties.cell[key] {
            // A value of the wrong type is ignored (Core Animation would raise).
            guard let v = property.unbox(value) else { return }
            property.set(&_values, v)
            valuesDidChange()
            return
        }
        switch key {
        case "emitterCells": emitterCells = value as? [CAEmitterCell]
        case "style": _style = value as? [AnyHashable: Any]
        default: _extraValues[key] = value
        }
    }

    /// The sub-cell named `name`, if any.
    func subcell(named name: Substring) -> CAEmitterCell? {
        _emitterCells?.first { $0._values.name.map { $0 == name } ?? false }
    }

    func kvcValue(forKeyPath keyPath: String) -> Any? {
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        if names.count >= 3, names[0] == "emitterCells" {
            return subcell(named: names[1])?.kvcValue(forKeyPath: names[2...].joined(separator: "."))
        }
        guard names.count > 1, let property = EmitterProperties.cell[String(names[0])] else {
            return kvcValue(forKey: keyPath)
        }
        guard let parts = ValuePart.resolve(names.dropFirst(), in: property.kind) else { return nil }
        var value = property.get(_values)
        for part in parts { value = part.get(value) }
        return value.boxed
    }

    func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        if names.count >= 3, names[0] == "emitterCells" {
            subcell(named: names[1])?.kvcSetValue(value, forKeyPath: names[2...].joined(separator: "."))
            return
        }
        guard names.count > 1, let property = EmitterProperties.cell[String(names[0])] else {
            kvcSetValue(value, forKey: keyPath)
            return
        }
        guard let parts = ValuePart.resolve(names.dropFirst(), in: property.kind), let last = parts.last,
            let part = AnimValue(value, kind: last.kind)
        else { return }
        // The whole value with the field replaced, from the innermost part out.
        var wholes = [property.get(_values)]
        for p in parts.dropLast() { wholes.append(p.get(wholes[wholes.count - 1])) }
        var v = part
        for i in stride(from: parts.count - 1, through: 0, by: -1) { v = parts[i].set(wholes[i], v) }
        property.set(&_values, v)
        valuesDidChange()
    }
}
