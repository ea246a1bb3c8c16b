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
            // Split at the first `=` byte: finding it by Character would run grapheme breaking over
            // every name, a tenth of the work before the first frame.
            if let equals = strchr(entry, 0x3D) {
                let name = UnsafeRawBufferPointer(start: entry, count: entry.distance(to: equals))
                variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
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

    /// Whether the terminal can be sent UTF-8. When the locale named by the environment (say
    /// `es_ES.UTF-8`) is not installed, `setlocale` falls back to "C", yet the user asked for UTF-8:
    /// then LC_CTYPE becomes `C.UTF-8`, which glibc always has. Call after `setlocale(LC_CTYPE, "")`.
    func prepareUTF8Locale() -> Bool {
        if Self.codeset() == "UTF-8" { return true }
        let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = named.lowercased()
        guard lowered.contains("utf-8") || lowered.contains("utf8") else { return false }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { return false }
        return Self.codeset() == "UTF-8"
    }

    private static func codeset() -> String {
        String(cString: nl_langinfo(Int32(CODESET)))
    }

    /// NO_COLOR set and not empty turns colour off.
    var noColor: Bool { !(variables["NO_COLOR"] ?? "").isEmpty }

    /// TERM, or nil when unset or empty.
    var term: String? {
        guard let term = variables["TERM"], !term.isEmpty else { return nil }
        return term
    }
}
