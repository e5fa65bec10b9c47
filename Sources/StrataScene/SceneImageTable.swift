import Foundation
import Strata

/// The images of one scene: read once per file name, and remembered by image
/// so that writing the scene gives each `contents` its file name back.
final class SceneImageTable {
    /// The folder relative file names are resolved against (nil: the current directory).
    let baseURL: URL?
    private var byFile: [String: CGImage] = [:]
    /// Image → file name; holding the image keeps its identity from being reused.
    private var files: [ObjectIdentifier: (image: CGImage, file: String)] = [:]

    init(baseURL: URL?) { self.baseURL = baseURL }

    /// Reads `{"image": "relative/path.png"}` at `path`: a PNG or a JPEG, told by its first bytes.
    func image(_ json: JSONValue, at path: String) throws(SceneError) -> CGImage {
        let object = try SceneValueDecoder.object(json, at: path)
        try SceneValueDecoder.onlyFields(["image"], in: object, at: path)
        guard let fileJSON = object["image"] else { throw .missingField("image", at: path) }
        let filePath = path + ".image"
        let file = try SceneValueDecoder.string(fileJSON, at: filePath)
        if let cached = byFile[file] { return cached }
        guard !file.isEmpty else { throw SceneError(path: filePath, reason: "the file name is empty") }
        let url = resolve(file)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .cannotReadImage(file, "no such file", at: filePath)
        }
        guard !isDirectory.boolValue else { throw .cannotReadImage(file, "it is a directory", at: filePath) }
        let image: CGImage
        do {
            image = try CGImage(contentsOf: url)
        } catch {
            throw .cannotReadImage(file, error.reason, at: filePath)
        }
        byFile[file] = image
        register(image, file: file)
        return image
    }

    /// The file `file` names: absolute as given, relative to `baseURL`.
    func resolve(_ file: String) -> URL {
        if file.hasPrefix("/") { return URL(fileURLWithPath: file) }
        if let baseURL { return baseURL.appendingPathComponent(file) }
        return URL(fileURLWithPath: file)
    }

    /// Remembers that `image` is written as `file`.
    func register(_ image: CGImage, file: String) {
        files[ObjectIdentifier(image)] = (image, file)
    }

    /// The file `image` came from, if it came from one.
    func file(of image: CGImage) -> String? { files[ObjectIdentifier(image)]?.file }
}
