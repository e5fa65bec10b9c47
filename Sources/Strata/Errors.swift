import Foundation

// Every error the Strata module throws for input from outside (files, images,
// path data), with its message, in one place so the wording stays
// consistent. Programmer mistakes are preconditions, not errors.

// MARK: - Images

/// An image file that could not be read or decoded.
public struct ImageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file (or label) the image came from.
    public let file: String
    /// What went wrong.
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}

extension ImageError {
    /// The file does not exist.
    static func notFound(_ file: String) -> ImageError {
        ImageError(file: file, reason: "no such file")
    }

    /// The file exists but could not be read (permissions, a directory, I/O).
    static func unreadable(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot read the file: \(why)")
    }

    /// The file is larger than any image Strata decodes could come from.
    static func fileTooLarge(_ file: String, bytes: Int, limit: Int) -> ImageError {
        ImageError(file: file, reason: "the file is \(bytes) bytes, over the \(limit)-byte limit")
    }

    /// The image's size is over the decoding limits.
    static func imageTooLarge(_ file: String, width: Int, height: Int, maxDimension: Int, maxBytes: Int) -> ImageError {
        ImageError(
            file: file,
            reason: "the image is \(width)×\(height) pixels; images may be at most "
                + "\(maxDimension)×\(maxDimension) and \(maxBytes) bytes decoded")
    }

    /// libpng rejected the data (not a PNG, corrupt, truncated); `message` is libpng's.
    static func invalidPNG(_ file: String, _ message: String) -> ImageError {
        ImageError(file: file, reason: "not a valid PNG file: \(message.isEmpty ? "unknown libpng error" : message)")
    }

    /// libjpeg-turbo rejected the data (not a JPEG, corrupt, truncated, a kind it does not read) while
    /// `stage` ("reading the header", "decoding the pixels"); `message` is libjpeg's.
    static func invalidJPEG(_ file: String, _ message: String, while stage: String) -> ImageError {
        let what = message.isEmpty ? "unknown libjpeg error" : message
        return ImageError(file: file, reason: "not a valid JPEG file: \(what) (while \(stage))")
    }

    /// The data is neither a PNG nor a JPEG, told by its first bytes (`firstBytes`, up to 8 of them).
    static func unknownImageFormat(_ file: String, firstBytes: [UInt8]) -> ImageError {
        guard !firstBytes.isEmpty else {
            return ImageError(file: file, reason: "not a PNG or JPEG file: the data is empty")
        }
        let hex = firstBytes.map { String(format: "%02X", $0) }.joined(separator: " ")
        return ImageError(file: file, reason: "not a PNG or JPEG file: it begins \(hex)")
    }

    /// The image could not be encoded as PNG.
    static func cannotEncode(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot encode as PNG: \(why)")
    }

    /// The encoded PNG could not be written.
    static func cannotWrite(_ file: String, _ why: String) -> ImageError {
        ImageError(file: file, reason: "cannot write the file: \(why)")
    }
}

// MARK: - Path data

/// SVG path data that could not be parsed.
public struct PathDataError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Offset of the offending character in the path data.
    public let offset: Int
    /// What went wrong.
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "path data at offset \(offset): \(reason)" }
}

extension PathDataError {
    // The wording of every SVG path data error, in one place.

    static func missingMove(at offset: Int, found: String) -> PathDataError {
        PathDataError(offset: offset, reason: "path data must start with a move (M or m), found \"\(found)\"")
    }

    static func unexpected(at offset: Int, found: String) -> PathDataError {
        PathDataError(offset: offset, reason: "expected a command letter, found \"\(found)\"")
    }

    static func expectedNumber(at offset: Int, found: String?, command: String) -> PathDataError {
        let what = found.map { "found \"\($0)\"" } ?? "found the end"
        return PathDataError(offset: offset, reason: "expected a number for \"\(command)\", \(what)")
    }

    static func expectedFlag(at offset: Int, found: String?) -> PathDataError {
        let what = found.map { "found \"\($0)\"" } ?? "found the end"
        return PathDataError(offset: offset, reason: "expected an arc flag (0 or 1), \(what)")
    }

    static func outOfRange(at offset: Int, number: String) -> PathDataError {
        PathDataError(offset: offset, reason: "number \"\(number)\" is out of range")
    }

    static func pointOutOfRange(at offset: Int) -> PathDataError {
        PathDataError(
            offset: offset,
            reason: "the point is out of range (a relative coordinate added to the current point overflows)")
    }

    static func numberAfterClose(at offset: Int) -> PathDataError {
        PathDataError(offset: offset, reason: "a number cannot follow \"Z\"; expected a command letter")
    }
}

// MARK: - Fonts

/// No default font file was found (see `FontLocator`); `searched` lists every
/// place looked, in order. StrataRender reports it as `RenderError.fontNotFound`;
/// Core Text drawing into a `CGContext` draws no text without a font.
package struct FontNotFound: Error, Equatable, CustomStringConvertible, Sendable {
    package let searched: [String]

    package init(searched: [String]) { self.searched = searched }

    package var description: String {
        "no default font (DejaVuSans.ttf) found; install Debian's fonts-dejavu-core or set "
            + "STRATA_FONT to a .ttf file; looked in: " + searched.joined(separator: ", ")
    }
}
