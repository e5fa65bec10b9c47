import StrataRender

extension RenderList {
    /// The labels of `items`, items of this list, spelled out in order
    /// ("card", "card.border"): the list holds their names, not the items.
    package func labels(of items: some Sequence<DrawItem>) -> [String] { items.map(label(of:)) }

    /// The labels of the screen's items.
    package var screenLabels: [String] { labels(of: screen.items) }
}
