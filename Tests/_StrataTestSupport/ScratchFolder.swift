import Foundation

/// A fresh folder under the temporary directory for one test, removed with
/// everything in it when the last reference goes: a suite that keeps one in
/// a stored property (`let scratch = ScratchFolder("strata-cli")`) gets a new
/// folder per test (Swift Testing makes a suite instance per test) and leaves
/// nothing behind, whether the test passes, fails or throws.
public final class ScratchFolder: Sendable {
    /// The folder (made when the scratch folder is).
    public let url: URL

    /// Makes `TMPDIR/prefix-UUID`.
    public init(_ prefix: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The file or folder `name` inside the folder.
    public func appendingPathComponent(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
