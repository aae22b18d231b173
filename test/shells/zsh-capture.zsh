# Asks a real interactive zsh (in a pseudo-terminal, via zsh/zpty) to complete a command line with the compsys
# completion script given, and prints each match on its own line. Usage: zsh -f zsh-capture.zsh SCRIPT 'LINE'
# compadd is wrapped so that every match the completion functions add (through _describe, _files, ...) is printed
# instead of shown; calls that only compute matches (-O, -A, -D) go to the builtin untouched.
zmodload zsh/zpty || { print -u2 'zsh/zpty is missing'; exit 2 }
script=$1 line=$2
zpty capture zsh -f -i
zpty -w capture "PROMPT='' RPROMPT='' PROMPT_EOL_MARK=''; unsetopt prompt_sp zle_bracketed_paste 2>/dev/null
autoload -U compinit && compinit -u -D
source ${(q)script}
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd \"\$@\"; return; fi
  local -a hits; builtin compadd -A hits \"\$@\"
  local hit; for hit in \$hits; do print -r -- \"MATCH:\$hit\"; done
}
_capture_done() { print -r -- CAPTURE-END; exit }
comppostfuncs=(_capture_done)
zstyle ':completion:*' insert-tab false
bindkey '^I' complete-word
print -r -- CAPTURE-READY"
while zpty -r capture out; do [[ $out == CAPTURE-READY* ]] && break; done
zpty -w -n capture "$line"$'\t'
while zpty -r capture out; do
  out=${${out//$'\r'/}//$'\n'/}
  [[ $out == *CAPTURE-END* ]] && exit 0
  [[ $out == *MATCH:* ]] && print -r -- ${out##*MATCH:}
done
exit 3
