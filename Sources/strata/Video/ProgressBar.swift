import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress bar on standard error, redrawn in place:
/// `[#########...........]  45/120 frames  28.3 fps  0:03 left`.
///
/// Drawn only when standard error is a terminal (not in pipes, logs or CI)
/// and not `--quiet`; at most ten times a second, so it costs nothing.
final class ProgressBar {
    let total: Int
    let enabled: Bool
    private(set) var done = 0
    private let start = Date()
    private var lastDraw = Date.distantPast

    /// A bar for `total` frames; drawn when `enabled` and standard error is a terminal.
    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) == 1 && total > 1
    }

    /// Counts `frames` more frames done.
    func advance(by frames: Int = 1) {
        set(done: done + frames)
    }

    /// Sets the number of frames done (for a total gathered from several processes).
    func set(done: Int) {
        self.done = min(done, total)
        guard enabled else { return }
        let now = Date()
        if now.timeIntervalSince(lastDraw) < 0.1 && self.done < total { return }
        lastDraw = now
        draw(now: now)
    }

    /// Clears the bar, leaving the line empty for what is printed next.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private func draw(now: Date) {
        let elapsed = now.timeIntervalSince(start)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var line =
            "[\(bar)] \(String(repeating: " ", count: String(total).count - String(done).count))\(done)/\(total) frames"
        if done > 0 {
            line += String(format: "  %.1f fps", fps)
            if fps > 0 { line += "  " + Self.clock(Double(total - done) / fps) + " left" }
        }
        FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
    }

    /// `m:ss`, or `h:mm:ss` past an hour.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, r) : String(format: "%d:%02d", m, r)
    }
}
