/// The two forms of `--check` output (issue 15): lines editors parse, and JSON objects tools parse.
enum DiagnosticFormat {
    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE`, or `FILE: SEVERITY: MESSAGE` without a position.
    static func line(file: String, line: Int?, column: Int?, severity: String, message: String) -> String {
        let place = TextSanitizer.sanitize(file, keepingLineBreaks: false)
        guard let line else { return "\(place): \(severity): \(message)" }
        return "\(place):\(line):\(column ?? 1): \(severity): \(message)"
    }

    /// `{"key":value,…}` from keys and values already written as JSON, in this order.
    static func jsonObject(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { JSONText.quoted($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }
}
