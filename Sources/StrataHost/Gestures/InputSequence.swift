/// One device action in progress (a button held, scrolling, a stick out of
/// its dead zone) and the recognizers it feeds, fixed when it starts.
final class InputSequence {
    let kind: InputSequenceKind
    let source: GestureSource
    /// The gamepad it comes from, for gamepad sequences.
    let gamepad: Int?
    /// Recognizers on the hit layer and its ancestors, nearest first.
    let targets: [GestureRecognizer]

    init(kind: InputSequenceKind, source: GestureSource, gamepad: Int?, targets: [GestureRecognizer]) {
        self.kind = kind
        self.source = source
        self.gamepad = gamepad
        self.targets = targets
    }
}
