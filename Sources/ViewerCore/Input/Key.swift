/// A key as the viewer names it. Printable text (space included) is `.character`; keypad keys are
/// reported as their main-keyboard twins (KP Enter is `.enter`, KP 5 is `.character("5")`).
package enum Key: Sendable, Hashable {
    case character(Character)
    case enter, tab, backTab, escape, backspace
    case left, right, up, down
    case home, end, pageUp, pageDown, insert, delete
    /// F1 is `function(1)`.
    case function(Int)
}
