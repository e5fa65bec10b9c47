/// The names a render list's items are labelled with (``ItemLabel``): each
/// layer that draws adds its name once, and its items hold the entry's index
/// and the part they draw.
///
/// Like the labels, the table never tells lists apart: two lists that draw the
/// same are equal, so an unchanged picture is skipped whatever its layers are
/// called.
package struct ItemLabels: Hashable, Sendable {
    /// The layers' names, in the order they were added.
    package private(set) var names: [String] = []

    package init() {}

    /// Adds `name` and returns the label of its layer's body.
    package mutating func add(_ name: String) -> ItemLabel {
        // The last index a label holds means no name.
        precondition(names.count < Int(ItemLabel.unnamed), "ItemLabels: more than 2^24 − 1 names in one render list")
        names.append(name)
        return ItemLabel(name: UInt32(names.count - 1), part: .body)
    }

    /// The label spelled out: the layer's name and the part's suffix.
    package func text(of label: ItemLabel) -> String {
        guard let name = label.name else { return label.part.suffix }
        precondition(name < names.count, "ItemLabels: label \(name) is not from this list (\(names.count) names)")
        return names[name] + label.part.suffix
    }

    /// The table never tells lists apart (see above).
    package static func == (_: ItemLabels, _: ItemLabels) -> Bool { true }

    /// The table adds nothing to a list's hash (see above).
    package func hash(into _: inout Hasher) {}
}
