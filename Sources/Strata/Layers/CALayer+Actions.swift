import Foundation

// Placeholder until the animation issue: changes take effect without actions.
extension CALayer {
    /// The action to run for a change of `key`, looked up before the value changes.
    final func actionForChange(forKey key: String) -> CAAction? { nil }

    /// Runs the action found by `actionForChange(forKey:)` after the value changed.
    final func runActionForChange(_ action: CAAction?, forKey key: String) {}
}
