import Engine
import Glibc

/// What the environment says about language, colour and the terminal, and where state is kept.
/// A variable is read when it is asked for (`getenv`): copying the whole environment into a
/// dictionary at start cost a twentieth of the work before the first frame, most of it the
/// runtime building the dictionary's type. Tests write one as a dictionary literal.
struct Environment: ExpressibleByDictionaryLiteral {
    /// The value of a variable, or nil when it is unset.
    private let lookup: (String) -> String?

    /// The process environment.
    static func current() -> Environment {
        Environment { name in getenv(name).map { String(cString: $0) } }
    }

    private init(lookup: @escaping (String) -> String?) {
        self.lookup = lookup
    }

    /// A fixed environment (tests): the last value of a name wins.
    init(dictionaryLiteral elements: (String, String)...) {
        var variables: [String: String] = [:]
        for (name, value) in elements { variables[name] = value }
        lookup = { variables[$0] }
    }

    /// The value of `name`, or nil when it is unset.
    subscript(name: String) -> String? { lookup(name) }

    /// The language of messages: the first set of LC_ALL, LC_MESSAGES, LANG; `es*` is Spanish.
    var language: Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = self[name], !value.isEmpty {
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
        let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { self[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = named.lowercased()
        guard lowered.includes("utf-8") || lowered.includes("utf8") else { return false }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { return false }
        return Self.codeset() == "UTF-8"
    }

    private static func codeset() -> String {
        String(cString: nl_langinfo(Int32(CODESET)))
    }

    /// NO_COLOR set and not empty turns colour off.
    var noColor: Bool { !(self["NO_COLOR"] ?? "").isEmpty }

    /// TERM, or nil when unset or empty.
    var term: String? {
        guard let term = self["TERM"], !term.isEmpty else { return nil }
        return term
    }
}
