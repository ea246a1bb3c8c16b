import Engine

/// A link as the screen shows it (docs/VIEWER.md, "Links"): the short form a phone shows, host and
/// path without the scheme, user, query or fragment (`https://www.example.com/a/b?x=1` →
/// `www.example.com/a/b`; `mailto:ana@example.com?subject=hi` → `ana@example.com`), without a
/// trailing `/`, cut to fit: the path loses its end first (`example.com/very/lo…`), then the host.
/// The link itself (what a click opens) is the whole address, kept by `FrameLink`.
package enum LinkText {
    /// The short form of `link`, at most `width` columns; `ellipsis` marks a cut.
    package static func short(_ link: String, width: Int, ellipsis: String = "…") -> String {
        let full = short(link)
        guard DisplayWidth.of(full) > width else { return full }
        let room = width - DisplayWidth.of(ellipsis)
        guard room > 0 else { return TextWrapper.prefix(full, width: max(0, width)) }
        return TextWrapper.prefix(full, width: room) + ellipsis
    }

    /// The short form of `link`, whole.
    package static func short(_ link: String) -> String {
        guard let scheme = LinkRules.scheme(of: link) else { return link }
        var rest = Substring(link.dropFirst(scheme.count))
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if scheme != "mailto:" {
            let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            if let at = rest[..<hostEnd].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        }
        while rest.count > 1, rest.last == "/" { rest = rest.dropLast() }
        return rest.isEmpty ? link : String(rest)
    }
}
