import Foundation
import Strata
import StrataScene

/// The banner a live-reloaded scene shows while its file does not load: the
/// error (file, where in it, and what is wrong) in white on red across the
/// top of the window, drawn over the last picture that loaded.
///
/// Its layers are a tree of their own (``rootLayer``), drawn after the scene's
/// tree rather than inside it, so that nothing the scene does to its root (a
/// transform, a mask, perspective) moves or clips the banner.
public final class SceneErrorBanner {
    /// The banner's tree: fills the window and draws nothing itself.
    public let rootLayer = CALayer()
    /// The red strip across the top.
    public let panel = CALayer()
    /// The error: where (file and path in it), then what is wrong. Text
    /// needs a font; without one the strip shows alone.
    public let text = CATextLayer()
    /// What is on screen under the banner, and how to get rid of it.
    public let hint = CATextLayer()
    /// Whether the banner is up.
    public private(set) var isShown = false
    private var size = CGSize.zero

    /// A banner, not shown.
    public init() {
        rootLayer.name = "reload overlay"
        panel.name = "scene error"
        panel.backgroundColor = CGColor(red: 0.72, green: 0.1, blue: 0.08, alpha: 0.94)
        panel.isHidden = true
        text.fontSize = Self.fontSize
        text.foregroundColor = .white
        text.isWrapped = true
        text.truncationMode = .end
        hint.fontSize = Self.fontSize - 2
        hint.foregroundColor = CGColor(red: 1, green: 0.85, blue: 0.82, alpha: 1)
        hint.truncationMode = .end
        rootLayer.addSublayer(panel)
        panel.addSublayer(text)
        panel.addSublayer(hint)
    }

    static let fontSize: CGFloat = 13
    static let lineHeight: CGFloat = 17
    static let margin: CGFloat = 8

    /// Puts `error` up; `keptPicture` says whether the last good picture stays under it.
    public func show(_ error: SceneError, keptPicture: Bool) {
        withoutActions {
            let place = [error.file ?? "", error.path].filter { !$0.isEmpty }.joined(separator: ": ")
            text.string = place.isEmpty ? error.reason : place + "\n" + error.reason
            hint.string =
                keptPicture
                ? "Showing the last version that loaded; save a fix to reload."
                : "Nothing has loaded yet; save a fix to load it."
            panel.isHidden = false
        }
        isShown = true
        relayout()
    }

    /// Takes the banner down.
    public func hide() {
        withoutActions { panel.isHidden = true }
        isShown = false
    }

    /// Lays the banner out across the top of a window of `size` points.
    public func layout(in size: CGSize) {
        guard size != self.size else { return }
        self.size = size
        relayout()
    }

    /// The strip is as tall as the message needs, by an estimate of how its
    /// lines wrap (0.6 em a character), at most half the window.
    private func relayout() {
        let width = max(0, size.width - 2 * Self.margin)
        let characters = max(8, Int(width / (Self.fontSize * 0.6)))
        let message = (text.string as? String) ?? ""
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            .reduce(0) { $0 + max(1, ($1.count + characters - 1) / characters) }
        let textHeight =
            min(CGFloat(lines), max(1, (size.height / 2 / Self.lineHeight).rounded(.down) - 1))
            * Self.lineHeight
        withoutActions {
            rootLayer.frame = CGRect(origin: .zero, size: size)
            text.frame = CGRect(x: Self.margin, y: Self.margin, width: width, height: textHeight)
            hint.frame = CGRect(x: Self.margin, y: Self.margin + textHeight + 2, width: width, height: Self.lineHeight)
            panel.frame = CGRect(x: 0, y: 0, width: size.width, height: hint.frame.maxY + Self.margin)
        }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}
