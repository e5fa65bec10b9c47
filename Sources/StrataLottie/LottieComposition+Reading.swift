import Foundation
import Strata

extension LottieComposition {
    /// Reads a Lottie animation from JSON `data`; image files resolve against `baseURL` (a folder).
    public init(data: Data, baseURL: URL? = nil) throws(LottieError) {
        var reader = LottieReader()
        self = try reader.read(data, baseURL: baseURL)
    }

    /// Reads the Lottie file at `url`; errors carry the file's path as given.
    public static func load(contentsOf url: URL) throws(LottieError) -> LottieComposition {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                throw LottieError(file: file, path: "", reason: "is a directory")
            }
            if let bytes = (attributes[.size] as? NSNumber)?.intValue, bytes > maximumFileSize {
                throw LottieError.fileTooLarge(bytes).inFile(file)
            }
            data = try Data(contentsOf: url)
        } catch let error as LottieError {
            throw error
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw LottieError(file: file, path: "", reason: exists ? "cannot read the file" : "no such file")
        }
        do {
            return try LottieComposition(data: data, baseURL: url.deletingLastPathComponent())
        } catch {
            throw error.inFile(file)
        }
    }

    /// Whether `data` looks like a Lottie file rather than a Strata scene: a
    /// JSON object whose first 64 KiB have the keys `fr` and `ip` or `op`,
    /// and no `root` (which every scene file has). Cheap: nothing is parsed.
    public static func isLottie(_ data: Data) -> Bool {
        let head = Array(data.prefix(64 << 10))
        guard let first = head.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }),
            first == UInt8(ascii: "{")
        else { return false }
        return hasKey("fr", in: head) && !hasKey("root", in: head) && (hasKey("ip", in: head) || hasKey("op", in: head))
    }

    /// Whether `"key"` followed by a colon (a member name, not a value) occurs in `bytes`.
    private static func hasKey(_ key: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(("\"" + key + "\"").utf8)
        let n = needle.count, count = bytes.count
        guard count >= n else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            search: while i + n <= count {
                for k in 0..<n where b[i + k] != needle[k] {
                    i += 1
                    continue search
                }
                var j = i + n
                while j < count, b[j] == 0x20 || b[j] == 0x0A || b[j] == 0x0D || b[j] == 0x09 { j += 1 }
                if j < count && b[j] == UInt8(ascii: ":") { return true }
                i += 1
            }
            return false
        }
    }

    /// Whether the file at `url` looks like a Lottie file (see ``isLottie(_:)``); false when it cannot be read.
    public static func isLottieFile(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64 << 10) else { return false }
        return isLottie(head)
    }
}
