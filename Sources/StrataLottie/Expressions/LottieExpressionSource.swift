import Foundation

/// Prepares an expression's JavaScript for Duktape, which cannot interrupt a
/// running script: every loop condition, every for-in body and every
/// function body is made to call `$bm_tick()` first, which throws once the
/// expression has taken its share of steps (``LottieLimits/maximumExpressionSteps``).
/// What it rewrites is found by a tokenizer that knows strings and comments;
/// regular expression literals are refused (their matching cannot be bounded).
enum LottieExpressionSource {
    /// Why an expression is not run.
    struct Refusal: Error, Equatable {
        var reason: String
    }

    /// The call each loop iteration and function call makes.
    static let tick = "$bm_tick()"

    /// `source` with step counting in every loop and function.
    static func instrument(_ source: String) throws(Refusal) -> String {
        let bytes = Array(source.utf8)
        let tokens = try tokenize(bytes)
        var insertions: [(offset: Int, text: String)] = []
        for (i, token) in tokens.enumerated() where token.kind == .word {
            // `a.while` and the like are property names, not keywords.
            if i > 0, tokens[i - 1].isPunctuator(".", in: bytes) { continue }
            let word = token.text(bytes)
            guard word == "while" || word == "for" || word == "function" else { continue }
            if word == "function" {
                // function name? ( params ) { … }
                guard let open = tokens[(i + 1)...].firstIndex(where: { $0.isPunctuator("(", in: bytes) }),
                    let close = matching(open, in: tokens, bytes: bytes),
                    close + 1 < tokens.count, tokens[close + 1].isPunctuator("{", in: bytes)
                else { continue }
                insertions.append((tokens[close + 1].end, tick + ";"))
                continue
            }
            guard i + 1 < tokens.count, tokens[i + 1].isPunctuator("(", in: bytes),
                let close = matching(i + 1, in: tokens, bytes: bytes)
            else { continue }
            if word == "while" {
                insertions.append((tokens[i + 1].end, tick + "&&("))
                insertions.append((tokens[close].start, ")"))
                continue
            }
            // for (init; condition; step) or for (x in y).
            var semicolons: [Int] = []
            var depth = 0
            for k in (i + 2)..<close {
                let t = tokens[k]
                guard t.kind == .punctuator else { continue }
                switch t.text(bytes) {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case ";" where depth == 0: semicolons.append(k)
                default: break
                }
            }
            if semicolons.count == 2 {
                let (a, b) = (semicolons[0], semicolons[1])
                if b == a + 1 {
                    insertions.append((tokens[a].end, tick))
                } else {
                    insertions.append((tokens[a].end, tick + "&&("))
                    insertions.append((tokens[b].start, ")"))
                }
            } else {
                insertions.append((tokens[close].end, " if(" + tick + ")"))
            }
        }
        guard !insertions.isEmpty else { return source }
        // Stable: two insertions at one offset keep the order they were found in.
        let ordered = insertions.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + insertions.count * 16)
        var position = 0
        for (_, insertion) in ordered {
            out += bytes[position..<insertion.offset]
            out += Array(insertion.text.utf8)
            position = insertion.offset
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Tokens

    struct Token {
        enum Kind { case word, number, string, punctuator }
        var kind: Kind
        var start: Int
        var end: Int

        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

        func isPunctuator(_ p: String, in bytes: [UInt8]) -> Bool {
            kind == .punctuator && end - start == p.utf8.count && bytes[start..<end].elementsEqual(p.utf8)
        }
    }

    /// The index of the `)` that closes the `(` at `open`; nil when it is not closed.
    static func matching(_ open: Int, in tokens: [Token], bytes: [UInt8]) -> Int? {
        var depth = 0
        for k in open..<tokens.count where tokens[k].kind == .punctuator {
            if tokens[k].isPunctuator("(", in: bytes) { depth += 1 }
            if tokens[k].isPunctuator(")", in: bytes) {
                depth -= 1
                if depth == 0 { return k }
            }
        }
        return nil
    }

    /// Words after which a `/` starts a regular expression rather than dividing.
    private static let regexAfterWords: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
    ]

    static func tokenize(_ b: [UInt8]) throws(Refusal) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        let n = b.count
        func isWord(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x24 || c == 0x5F
                || c >= 0x80 || c == 0x5C  // \u escapes in names
        }
        while i < n {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C {
                i += 1
                continue
            }
            let start = i
            if c == 0x2F, i + 1 < n, b[i + 1] == 0x2F {  // line comment
                while i < n && b[i] != 0x0A && b[i] != 0x0D { i += 1 }
                continue
            }
            if c == 0x2F, i + 1 < n, b[i + 1] == 0x2A {  // block comment
                i += 2
                while i < n && !(b[i] == 0x2A && i + 1 < n && b[i + 1] == 0x2F) { i += 1 }
                i = min(n, i + 2)
                continue
            }
            if c == 0x22 || c == 0x27 || c == 0x60 {  // "…", '…' (and `…`, which Duktape will refuse)
                i += 1
                while i < n && b[i] != c {
                    if b[i] == 0x5C { i += 1 }
                    i += 1
                }
                i = min(n, i + 1)
                tokens.append(Token(kind: .string, start: start, end: i))
                continue
            }
            if c >= 0x30 && c <= 0x39 || (c == 0x2E && i + 1 < n && b[i + 1] >= 0x30 && b[i + 1] <= 0x39) {
                // Numbers, with exponents and hex digits (their letters are word bytes).
                while i < n
                    && (isWord(b[i]) || b[i] == 0x2E
                        || ((b[i] == 0x2B || b[i] == 0x2D) && (b[i - 1] == 0x65 || b[i - 1] == 0x45)))
                { i += 1 }
                tokens.append(Token(kind: .number, start: start, end: i))
                continue
            }
            if isWord(c) {
                while i < n && isWord(b[i]) { i += 1 }
                tokens.append(Token(kind: .word, start: start, end: i))
                continue
            }
            if c == 0x2F {
                // A regular expression where an operand is expected.
                let regex: Bool
                if let previous = tokens.last {
                    switch previous.kind {
                    case .number, .string: regex = false
                    case .word: regex = regexAfterWords.contains(previous.text(b))
                    case .punctuator:
                        regex =
                            !(previous.isPunctuator(")", in: b) || previous.isPunctuator("]", in: b)
                            || previous.isPunctuator("}", in: b))
                    }
                } else {
                    regex = true
                }
                if regex { throw Refusal(reason: "regular expressions are not evaluated") }
            }
            tokens.append(Token(kind: .punctuator, start: start, end: i + 1))
            i += 1
        }
        return tokens
    }
}
