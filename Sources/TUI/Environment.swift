import Engine
import Glibc

/// What the environment says about language, colour and the terminal.
struct Environment {
    let variables: [String: String]

    /// Reads the process environment.
    static func current() -> Environment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return Environment(variables: variables)
    }

    /// The language of messages: the first set of LC_ALL, LC_MESSAGES, LANG; `es*` is Spanish.
    var language: Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = variables[name], !value.isEmpty {
                return value.lowercased().hasPrefix("es") ? .spanish : .english
            }
        }
        return .english
    }

    /// NO_COLOR set and not empty turns colour off.
    var noColor: Bool { !(variables["NO_COLOR"] ?? "").isEmpty }

    /// TERM, or nil when unset or empty.
    var term: String? {
        guard let term = variables["TERM"], !term.isEmpty else { return nil }
        return term
    }
}
