import Foundation

/// Finds font files: the DejaVu files of Debian's `fonts-dejavu-core` (or the
/// same files where other distributions put them) by name, without
/// fontconfig, so the default faces do not hang on its configuration; the
/// file or folder named by `$STRATA_FONT`; and any other installed family
/// through fontconfig (``FontconfigMatcher``).
///
/// Font names are matched the way `CATextLayer.font` strings are written: a file's
/// base name ("DejaVuSans-Bold"), a family and style with or without spaces
/// ("DejaVu Sans Bold"), or a common Apple name ("Helvetica", "Menlo-Bold", "Times"),
/// which maps to the DejaVu family of the same kind; another family and style
/// ("Liberation Serif Bold", "Roboto-Medium") is fontconfig's closest face of
/// that family.
///
/// Shared by `CATextLayer` drawing (StrataRender) and Core Text drawing into a
/// `CGContext` (here), hence `package`.
package struct FontLocator: Sendable {
    /// Folders where distributions install the DejaVu fonts, most likely first.
    package static let knownDirectories = [
        "/usr/share/fonts/truetype/dejavu",  // Debian, Ubuntu
        "/usr/share/fonts/dejavu",  // Alpine, openSUSE
        "/usr/share/fonts/dejavu-sans-fonts",  // Fedora
        "/usr/share/fonts/dejavu-serif-fonts",
        "/usr/share/fonts/dejavu-sans-mono-fonts",
        "/usr/share/fonts/TTF",  // Arch
        "/usr/share/fonts/truetype/ttf-dejavu",  // old Debian
        "/usr/local/share/fonts",
        "/usr/local/share/fonts/dejavu",
    ]
    /// The default font's file name.
    package static let defaultFileName = "DejaVuSans.ttf"

    /// The file used for a nil or unknown font name.
    package let defaultFont: String
    /// Font files found, by lowercased base name ("dejavusans-bold"); the first found wins.
    package let files: [String: String]

    /// Looks for the default font; `environment["STRATA_FONT"]`, when set, must name a
    /// font file (used as the default) or a folder holding `DejaVuSans.ttf`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(FontNotFound) {
        let fm = FileManager.default
        var directories = Self.knownDirectories
        var explicitDefault: String?
        var searched: [String] = []
        if let custom = environment["STRATA_FONT"], !custom.isEmpty {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: custom, isDirectory: &isDirectory) else {
                throw FontNotFound(searched: ["$STRATA_FONT=\(custom) (does not exist)"])
            }
            if isDirectory.boolValue {
                directories.insert(custom, at: 0)
                guard fm.isReadableFile(atPath: (custom as NSString).appendingPathComponent(Self.defaultFileName))
                else {
                    throw FontNotFound(searched: ["$STRATA_FONT=\(custom) (no \(Self.defaultFileName) in it)"])
                }
            } else {
                guard fm.isReadableFile(atPath: custom) else {
                    throw FontNotFound(searched: ["$STRATA_FONT=\(custom) (not readable)"])
                }
                explicitDefault = custom
                directories.insert((custom as NSString).deletingLastPathComponent, at: 0)
            }
        }
        var files: [String: String] = [:]
        for directory in directories {
            searched.append(directory)
            guard let names = try? fm.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() {
                let ext = (name as NSString).pathExtension.lowercased()
                guard ext == "ttf" || ext == "otf" else { continue }
                let base = (name as NSString).deletingPathExtension.lowercased()
                let path = (directory as NSString).appendingPathComponent(name)
                if files[base] == nil, fm.isReadableFile(atPath: path) { files[base] = path }
            }
        }
        let fallback = files[(Self.defaultFileName as NSString).deletingPathExtension.lowercased()]
        guard let chosen = explicitDefault ?? fallback else { throw FontNotFound(searched: searched) }
        defaultFont = chosen
        self.files = files
    }

    /// The file for the font name `name`; the default font when nil or not found.
    package func path(forFontNamed name: String?) -> String {
        guard let name, !name.isEmpty else { return defaultFont }
        return matchingPath(forFontNamed: name) ?? defaultFont
    }

    /// The file `name` names (a file's base name, a DejaVu family and style, or an alias); nil
    /// when the name matches nothing installed and ``path(forFontNamed:)`` falls back to the default.
    package func matchingPath(forFontNamed name: String) -> String? {
        let squeezed = name.filter { !$0.isWhitespace && $0 != "_" }.lowercased()
        if let exact = files[squeezed] { return exact }
        if let alias = Self.familyAliases[squeezed] { return files[alias] }
        // Split "family-style" or "familystyle" into a family and a style.
        var family = squeezed, style = ""
        if let dash = squeezed.lastIndex(of: "-") {
            family = String(squeezed[..<dash])
            style = String(squeezed[squeezed.index(after: dash)...])
        } else {
            for suffix in Self.styleWords where squeezed.hasSuffix(suffix) && squeezed.count > suffix.count {
                family = String(squeezed.dropLast(suffix.count))
                style = suffix
                break
            }
        }
        family = Self.familyAliases[family] ?? family
        // Other families are fontconfig's to find (it compares family names without blanks, as squeezed here).
        guard family.hasPrefix("dejavu") else { return FontconfigMatcher.shared.path(family: family, style: style) }
        for candidate in Self.styleCandidates(style) {
            let base = candidate.isEmpty ? family : family + "-" + candidate
            if let path = files[base] { return path }
        }
        return files[family]
    }

    /// The file of `family` closest to `style` ("Bold Italic", "SemiBold"…), as fontconfig
    /// matches them; nil when no installed family has that name.
    package func path(family: String, style: String) -> String? {
        FontconfigMatcher.shared.path(family: family, style: style)
    }

    /// Style words recognised at the end of a name without a dash, longest first.
    static let styleWords = [
        "semibolditalic", "bolditalic", "boldoblique", "extralight", "semibold", "oblique", "italic", "regular",
        "medium", "light", "bold", "book", "roman",
    ]

    /// Apple and generic family names, lowercased without spaces, and the DejaVu family they map to.
    static let familyAliases: [String: String] = [
        "helvetica": "dejavusans", "helveticaneue": "dejavusans", "arial": "dejavusans",
        "sanfrancisco": "dejavusans", ".sfui": "dejavusans", ".sfuitext": "dejavusans",
        ".sfuidisplay": "dejavusans", "sfpro": "dejavusans", "sfprotext": "dejavusans",
        "sfprodisplay": "dejavusans", "system": "dejavusans", "systemfont": "dejavusans",
        "lucidagrande": "dejavusans", "verdana": "dejavusans", "sans": "dejavusans",
        "sans-serif": "dejavusans", "sansserif": "dejavusans", "dejavu": "dejavusans",
        "courier": "dejavusansmono", "couriernew": "dejavusansmono", "menlo": "dejavusansmono",
        "monaco": "dejavusansmono", "sfmono": "dejavusansmono", "monospace": "dejavusansmono",
        "mono": "dejavusansmono",
        "times": "dejavuserif", "timesnewroman": "dejavuserif", "georgia": "dejavuserif",
        "newyork": "dejavuserif", "serif": "dejavuserif",
    ]

    /// DejaVu file suffixes to try for a style, best first ("" is the regular face).
    static func styleCandidates(_ style: String) -> [String] {
        switch style {
        case "bold", "semibold", "heavy", "black", "medium": return ["bold"]
        case "italic", "oblique": return ["oblique", "italic"]
        case "bolditalic", "boldoblique": return ["boldoblique", "bolditalic", "bold"]
        case "light", "extralight", "thin", "ultralight": return ["extralight"]
        default: return [""]
        }
    }
}
