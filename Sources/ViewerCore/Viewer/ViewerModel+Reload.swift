import Engine

/// Reloading the deck (`r`, the `reload` command, `--watch`): the shell reads it off the loop and
/// answers with `.deckLoaded`.
extension ViewerModel {
    /// Takes a finished reload: a good deck replaces the old one, keeping the story; a bad one keeps
    /// the last good deck on screen and shows its first problem.
    package mutating func finishReload(_ result: Result<Deck, DeckReloadFailure>, at now: Double) {
        switch result {
        case .success(let deck):
            notice = nil
            emit(playing.handle(.reload(lengths.reloaded(deck)), at: now))
            if case .storyList(let selection)? = overlay {
                overlay = .storyList(selection: min(selection, max(0, deck.stories.count - 1)))
            }
            pictures.forgetConversions()
            watchPictures()
        case .failure(let error):
            notice = messages.reloadFailed(messages.reloadReadFailure(error))
        }
        queue(reload.finished())
    }
}
