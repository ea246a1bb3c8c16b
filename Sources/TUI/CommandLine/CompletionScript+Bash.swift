/// The bash script: one completion function registered with `complete -F`.
extension CompletionScript {
    static func bash() -> String {
        var valueCases: [String] = []
        var freeValues: [String] = []
        var pathValues: [String] = []
        for spec in OptionTable.all where spec.value.takesValue {
            let pattern = spec.acceptedNames.joined(separator: "|")
            if !spec.value.choices.isEmpty {
                valueCases.append("        \(pattern)) mapfile -t COMPREPLY < <(compgen -W "
                                  + "\"\(spec.value.choices.joined(separator: " "))\" -- \"$cur\") ;;")
            } else if spec.value.completesPaths {
                pathValues.append(pattern)
            } else {
                freeValues.append(pattern)
            }
        }
        if !pathValues.isEmpty {
            valueCases.append("        \(pathValues.joined(separator: "|")))")
            valueCases.append("            compopt -o filenames 2>/dev/null")
            valueCases.append("            mapfile -t COMPREPLY < <(compgen -f -- \"$cur\") ;;")
        }
        if !freeValues.isEmpty {
            valueCases.append("        \(freeValues.joined(separator: "|"))) ;; # a value only the user knows")
        }
        let lines = header(.bash, install: "Install as")
            + ["# /usr/share/bash-completion/completions/stories-tui, or source it from ~/.bashrc.",
               "",
               "_stories_tui() {",
               "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" prefix=\"\" i",
               "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
               "    # With = in COMP_WORDBREAKS (the default) --lang=e arrives as --lang, =, e; without, as one word.",
               "    if [[ $cur == = ]]; then",
               "        cur=\"\"",
               "    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then",
               "        prev=\"${COMP_WORDS[COMP_CWORD-2]}\"",
               "    elif [[ $cur == --*=* ]]; then",
               "        prev=\"${cur%%=*}\" prefix=\"${cur%%=*}=\" cur=\"${cur#*=}\"",
               "    fi",
               "    COMPREPLY=()",
               "    for (( i = 1; i < COMP_CWORD; i++ )); do",
               "        if [[ ${COMP_WORDS[i]} == -- ]]; then prev=\"--\"; fi",
               "    done",
               "    case $prev in"]
            + valueCases
            + ["        *)",
               "            if [[ $prev != -- && $cur == -* ]]; then",
               "                mapfile -t COMPREPLY < <(compgen -W \"\(offeredNames.joined(separator: " ")) -\" -- \"$cur\")",
               "            else",
               "                # The deck: a .json or Markdown file, a folder, or - for standard input.",
               "                compopt -o filenames 2>/dev/null",
               "                mapfile -t COMPREPLY < <(compgen -d -- \"$cur\"; compgen -f -X '!*.json' -- \"$cur\"; compgen -f -X '!*.md' -- \"$cur\"; compgen -f -X '!*.markdown' -- \"$cur\")",
               "                if [[ -z $cur || $cur == - ]]; then COMPREPLY+=(-); fi",
               "            fi ;;",
               "    esac",
               "    if [[ -n $prefix ]]; then COMPREPLY=(\"${COMPREPLY[@]/#/$prefix}\"); fi",
               "}",
               "complete -F _stories_tui stories-tui"]
        return lines.joined(separator: "\n")
    }
}
