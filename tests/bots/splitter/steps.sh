#!/bin/sh
# steps.sh: a Splitter test bot in plain sh, for layout 1. By default it answers every roll with
# "d1 x y" on the next free cell of the left half (row by row), so every move is legal. Arguments
# K=ACTION change move K (1 = the first move):
#   K=sleep:S     sleep S seconds, then answer        K=hang       never answer (sleep forever)
#   K=exit:N      exit with status N instead           K=kill       kill itself with SIGKILL
#   K=close       close stdout, keep running           K=raw:TEXT   write TEXT (printf %b) instead
#   K=pre:TEXT    write TEXT (printf %b), then answer  K=huge:N     write a line of N 'a' bytes, then answer
#   K=twice:V     write the answer and, at once, the answer "V x y" for move K+1 (its cell), before
#                 the next roll is sent; then skip answering that roll
# After its last answer it waits for end of input, as a well-behaved bot does.
cells="2,0 3,0 1,1 2,1 3,1 0,2 1,2 2,2 3,2 0,3 1,3 2,3 3,3 0,4 1,4 2,4 3,4 1,5 2,5 3,5 2,6 3,6"
read -r w h r || exit 3
i=0
while [ "$i" -lt "$h" ]; do read -r row || exit 3; i=$((i + 1)); done
move=0
skip_next=0
for c in $cells; do
  read -r d1 d2 || exit 0
  move=$((move + 1))
  x=${c%,*}; y=${c#*,}
  if [ "$skip_next" = 1 ]; then skip_next=0; continue; fi
  action=""
  for p in "$@"; do
    case $p in "$move="*) action=${p#*=} ;; esac
  done
  case $action in
    sleep:*) sleep "${action#sleep:}"; echo "$d1 $x $y" ;;
    hang) exec sleep 3600 ;;
    exit:*) exit "${action#exit:}" ;;
    kill) kill -9 $$ ;;
    close) exec >&-; exec sleep 3600 ;;
    raw:*) printf '%b\n' "${action#raw:}" ;;
    pre:*) printf '%b\n' "${action#pre:}"; echo "$d1 $x $y" ;;
    huge:*) head -c "${action#huge:}" /dev/zero | tr '\0' a; echo; echo "$d1 $x $y" ;;
    twice:*)
      k=0; for n in $cells; do k=$((k + 1)); [ "$k" -gt "$move" ] && break; done
      nx=${n%,*}; ny=${n#*,}
      printf '%s %s %s\n%s %s %s\n' "$d1" "$x" "$y" "${action#twice:}" "$nx" "$ny"; skip_next=1 ;;
    *) echo "$d1 $x $y" ;;
  esac
done
cat >/dev/null
