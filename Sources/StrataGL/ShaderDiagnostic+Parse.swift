extension ShaderDiagnostic {
    /// The messages in a driver's compile log, mapped through `source` to files and lines.
    ///
    /// Understands the log formats of Mesa (`0:12(5): error: …`), NVIDIA
    /// (`0(12) : error C1008: …`) and the common `ERROR: 0:12: …`. Lines in none
    /// of these forms are skipped; the raw log stays in the error.
    static func parse(log: String, source: ShaderSource) -> [ShaderDiagnostic] {
        log.split(separator: "\n").compactMap { rawLine in
            guard let (line, severity, message) = parseLine(rawLine) else { return nil }
            let location = source.location(ofExpandedLine: line)
            return ShaderDiagnostic(
                file: location.file, line: location.line, severity: severity,
                message: message, sourceLine: location.text)
        }
    }

    /// Line number, severity and message of one log line, or nil.
    package static func parseLine(_ text: Substring) -> (line: Int, severity: Severity, message: String)? {
        let text = text.drop(while: { $0 == " " })
        // Mesa: 0:12(5): error: syntax error, unexpected ...
        if let match = text.wholeMatch(of: /\d+:(\d+)\(\d+\): (error|warning): (.*)/),
            let line = Int(match.1)
        {
            return (line, match.2 == "error" ? .error : .warning, String(match.3))
        }
        // NVIDIA: 0(12) : error C1008: undefined variable "x"
        if let match = text.wholeMatch(of: /\d+\((\d+)\) : (error|warning) \w+: (.*)/),
            let line = Int(match.1)
        {
            return (line, match.2 == "error" ? .error : .warning, String(match.3))
        }
        // AMD and others: ERROR: 0:12: 'x' : undeclared identifier
        if let match = text.wholeMatch(of: /(ERROR|WARNING): \d+:(\d+): (.*)/),
            let line = Int(match.2)
        {
            return (line, match.1 == "ERROR" ? .error : .warning, String(match.3))
        }
        return nil
    }
}
