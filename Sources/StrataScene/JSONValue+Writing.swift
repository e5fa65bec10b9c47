import Foundation
import Strata

extension JSONValue {
    /// The value as pretty-printed JSON text: two-space indents, members in
    /// their stored order (sort them first with ``sortedByKey()`` for a
    /// canonical file), arrays of numbers and other scalars on one line, and a
    /// final newline. The same value always gives the same bytes.
    public func prettyPrinted() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            // JSON has no NaN or infinity; the scene writer never produces them.
            precondition(n.isFinite, "JSONValue: cannot write the non-finite number \(n)")
            out += JSONValue.format(n)
        case .string(let s):
            out += "\""
            JSONValue.escape(s, into: &out)
            out += "\""
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (k, item) in items.enumerated() {
                    if k > 0 { out += ", " }
                    item.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            let pad = String(repeating: "  ", count: indent + 1)
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += k + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            let pad = String(repeating: "  ", count: indent + 1)
            out += "{\n"
            for (k, member) in object.members.enumerated() {
                out += pad + "\""
                JSONValue.escape(member.key, into: &out)
                out += "\": "
                member.value.write(into: &out, indent: indent + 1)
                out += k + 1 < object.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Whether the value is not an array or object.
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
