extension MouseEvent {
    /// Decodes one mouse report (xterm's button code and 1-based cell), or nil for what the viewer has no use
    /// for (horizontal wheel, buttons 8–11, wheel releases, a position off the grid).
    ///
    /// - Parameters:
    ///   - code: the button code: low two bits the button (0 left, 1 middle, 2 right, 3 none/release),
    ///     4 shift, 8 meta, 16 control, 32 motion, 64 wheel (64 up, 65 down), 128 extra buttons.
    ///   - released: true or false where the encoding says so (SGR 1006: final `m` or `M`); nil for the
    ///     X10 and urxvt encodings, where a low-bits value of 3 is a release of an unnamed button.
    package init?(buttonCode code: Int, column: Int, row: Int, released: Bool?) {
        guard code >= 0, code & 128 == 0, column >= 1, row >= 1 else { return nil }
        let modifiers = KeyModifiers(mouseButtonCode: code)
        let low = code & 3
        let buttons: [Button] = [.left, .middle, .right, .none]
        let action: Action
        var button = buttons[low]
        if code & 64 != 0 {
            guard released != true, low < 2 else { return nil }
            action = low == 0 ? .wheelUp : .wheelDown
            button = .none
        } else if code & 32 != 0 {
            action = low == 3 ? .move : .drag
        } else if released == true || low == 3 {
            action = .release
        } else {
            action = .press
        }
        self.init(action: action, button: button, column: column - 1, row: row - 1, modifiers: modifiers)
    }
}
